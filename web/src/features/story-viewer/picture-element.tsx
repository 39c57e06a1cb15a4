// IMAGE elements: the picture the resolver gives, kept in its proportions when the element locks them, or the 'No image
// available' box when there is none (not chosen yet, or it failed to load).
import type { StoryImageData } from "@repox/contracts";
import { IconPhotoOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { PictureResolver } from "./picture-sources.ts";
import classes from "./story-viewer.module.css";

export function PictureContent({ data, resolvePicture }: { data: StoryImageData; resolvePicture: PictureResolver }) {
  const { t } = useTranslation();
  const address = data.uuid ? resolvePicture({ uuid: data.uuid, from: data.from }) : null;
  if (!address) {
    return (
      <div className={classes.placeholder} data-missing-picture={data.uuid ?? ""}>
        <IconPhotoOff size="1.5em" aria-hidden />
        {t("storyViewer.noImage")}
      </div>
    );
  }
  return (
    <img
      className={classes.picture}
      src={address}
      alt=""
      draggable={false}
      style={{ objectFit: data.lockAspectRatio ? "contain" : "fill" }}
    />
  );
}
