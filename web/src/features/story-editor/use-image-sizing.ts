// Spec 3 §4: an image's dimensions are set once, when its picture first loads (halved when larger than the story's
// screen). The picture is loaded here on its own to learn its natural size; the reducer does the rest.
import type { Slide } from "@repox/contracts";
import { useEffect } from "react";
import { useEditor } from "./editor-context.tsx";

export function useImageSizing(slide: Slide | undefined) {
  const { dispatch, resolvePicture } = useEditor();
  useEffect(() => {
    if (!slide) return;
    const loaders: HTMLImageElement[] = [];
    for (const element of slide.elements) {
      if (element.type !== "IMAGE" || element.data.dimensionsAreSet || !element.data.uuid) continue;
      const address = resolvePicture({ uuid: element.data.uuid, from: element.data.from });
      if (!address) continue;
      const image = new Image();
      image.onload = () =>
        dispatch({
          type: "image/loaded",
          slideId: slide.id,
          elementId: element.id,
          natural: { width: image.naturalWidth, height: image.naturalHeight },
        });
      image.src = address;
      loaders.push(image);
    }
    return () => {
      for (const image of loaders) image.onload = null;
    };
  }, [slide, resolvePicture, dispatch]);
}
