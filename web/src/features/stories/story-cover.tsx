// A story's cover picture on its card, or a neutral placeholder while it has none.
import { Center, Image } from "@mantine/core";
import type { StorySummary } from "@repox/contracts";
import { IconPhoto } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** The address the cover picture is shown from (the server's signed thumbnail link), or null for the placeholder. */
export function coverUrl(story: StorySummary): string | null {
  return story.coverUrl;
}

export function StoryCover({ story, height }: { story: StorySummary; height: number }) {
  const { t } = useTranslation();
  const url = coverUrl(story);
  if (url) return <Image src={url} h={height} fit="cover" alt={t("stories.coverOf", { title: story.title })} />;
  return (
    <Center h={height} bg="var(--mantine-color-default-hover)" role="img" aria-label={t("stories.noCover")}>
      <IconPhoto size={40} stroke={1.2} color="var(--mantine-color-dimmed)" />
    </Center>
  );
}
