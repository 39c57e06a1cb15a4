// A published container's IIIF manifest (issue 16): a link that opens it and a button that copies its address for a
// IIIF viewer. Nothing while the container is private, whose manifest answers 404.
import { Anchor, Group } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { iiifManifestUrl } from "../../api/iiif.ts";
import { CopyText } from "../../components/copy-text.tsx";

export function IiifManifestLink({ uuid, published }: { uuid: string; published: boolean }) {
  const { t } = useTranslation();
  if (!published) return null;
  const url = iiifManifestUrl(uuid);
  return (
    <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
      <Anchor href={url} target="_blank" rel="noopener" size="sm" title={t("containers.publish.iiifManifestHint")}>
        <Group gap={4} wrap="nowrap">
          <IconExternalLink size={14} />
          {t("containers.publish.iiifManifest")}
        </Group>
      </Anchor>
      <CopyText value={url} />
    </Group>
  );
}
