// Before a story plays: every picture into the story cache and every font it writes with, counted as they settle
// (spec 3 §4: a loader until all are fetched, whether or not each succeeds).
import type { StoryScreen } from "@repox/contracts";
import { useEffect, useMemo, useState } from "react";
import { type PictureResolver, pictureKey, resolverOf, type StoryPictureRef } from "./picture-sources.ts";
import { preloadFonts, preloadStoryMedia } from "./story-cache.ts";
import { fontFacesOf, fontQuery } from "./story-fonts.ts";

/** A picture of the story and the address to fetch it from (a signed link, or a file beside an offline viewer). */
export type StoryPictureAddress = StoryPictureRef & { url: string };

/** What could not be loaded: those pictures show their placeholder, those texts the fallback font. */
export type MissingMedia = { pictures: StoryPictureRef[]; fonts: string[] };

export type StoryMedia = {
  isReady: boolean;
  settled: number;
  total: number;
  resolvePicture: PictureResolver;
  missing: MissingMedia;
};

type Loaded = { addresses: Map<string, string | null>; missing: MissingMedia };

const NOTHING_MISSING: MissingMedia = { pictures: [], fonts: [] };

export function useStoryMedia(screen: Pick<StoryScreen, "slides">, pictures: readonly StoryPictureAddress[]): StoryMedia {
  const fonts = useMemo(() => fontFacesOf(screen).map((face) => ({ query: fontQuery(face), characters: face.characters })), [screen]);
  // By content, not identity: a caller building the list anew on each render must not start the loading again.
  const signature = JSON.stringify(pictures.map(({ uuid, from, url }) => ({ uuid, from, url })));
  const requests = useMemo(() => {
    const unique = new Map<string, StoryPictureAddress>();
    for (const picture of JSON.parse(signature) as StoryPictureAddress[]) unique.set(pictureKey(picture), picture);
    return [...unique.entries()].map(([key, picture]) => ({ key, url: picture.url, picture }));
  }, [signature]);
  const total = requests.length + fonts.length;
  const [settled, setSettled] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let isCurrent = true;
    let addresses: Map<string, string | null> | null = null;
    setSettled(0);
    setLoaded(null);
    const onSettled = () => isCurrent && setSettled((count) => count + 1);
    Promise.all([preloadStoryMedia(requests, { onSettled }), preloadFonts(fonts, { onSettled })]).then(([media, missingFonts]) => {
      addresses = media;
      if (!isCurrent) return revoke(media);
      const missingPictures = requests
        .filter((request) => !media.get(request.key))
        .map(({ picture }) => ({ uuid: picture.uuid, from: picture.from }));
      setLoaded({ addresses: media, missing: { pictures: missingPictures, fonts: missingFonts } });
    });
    return () => {
      isCurrent = false;
      if (addresses) revoke(addresses);
    };
  }, [requests, fonts]);

  const resolvePicture = useMemo(() => resolverOf(loaded?.addresses ?? new Map()), [loaded]);
  return { isReady: loaded !== null, settled, total, resolvePicture, missing: loaded?.missing ?? NOTHING_MISSING };
}

function revoke(addresses: Map<string, string | null>) {
  for (const address of addresses.values()) if (address?.startsWith("blob:")) URL.revokeObjectURL(address);
}
