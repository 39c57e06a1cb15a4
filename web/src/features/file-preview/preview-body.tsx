// The file itself, shown by kind (spec 1 §2): image, PDF, video (seekable: the preview answers Range requests), the
// head of a text document, a notice for office documents, else the file's icon and a download button.
import { Button, Center, Code, Loader, ScrollArea, Stack, Text } from "@mantine/core";
import type { Datastream } from "@repox/contracts";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { QueryStatus } from "../../components/query-status.tsx";
import { MimeIcon } from "../containers/mime-icon.tsx";
import { useMediaUrls, useTextHead } from "./api.ts";
import { PdfViewer } from "./pdf-viewer.tsx";
import { previewKind, TEXT_PREVIEW_BYTES } from "./preview-kind.ts";

type Props = { datastream: Datastream; onDownload: () => void };

export function PreviewBody({ datastream, onDownload }: Props) {
  const { t } = useTranslation();
  const kind = previewKind(datastream.mimeType, datastream.label);
  const needsUrl = kind !== "office" && kind !== "other";
  const urls = useMediaUrls(datastream.uuid);

  if (!needsUrl) {
    return (
      <Center py="xl" data-testid="preview-fallback">
        <Stack align="center" gap="md">
          <MimeIcon mimeType={datastream.mimeType} size={96} />
          {kind === "office" && <Text size="lg">{t("filePreview.docViewerSoon")}</Text>}
          <Button leftSection={<IconDownload size={16} />} onClick={onDownload}>
            {t("filePreview.download")}
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!urls.data) return <QueryStatus isLoading={urls.isLoading} error={urls.error} />;
  const url = urls.data.preview;
  switch (kind) {
    case "image":
      return (
        <Center>
          <img
            src={url}
            alt={datastream.label}
            data-testid="preview-image"
            style={{ maxWidth: "100%", maxHeight: "75vh", objectFit: "contain" }}
          />
        </Center>
      );
    case "pdf":
      return <PdfViewer url={url} />;
    case "video":
      return (
        <Center>
          {/* biome-ignore lint/a11y/useMediaCaption: user files come without caption tracks */}
          <video src={url} controls preload="metadata" data-testid="preview-video" style={{ maxWidth: "100%", maxHeight: "75vh" }} />
        </Center>
      );
    case "text":
      return <TextPreview url={url} isCut={datastream.filesize > TEXT_PREVIEW_BYTES} />;
  }
}

function TextPreview({ url, isCut }: { url: string; isCut: boolean }) {
  const { t } = useTranslation();
  const head = useTextHead(url);
  if (head.data === undefined) {
    return head.isLoading ? (
      <Center py="xl">
        <Loader />
      </Center>
    ) : (
      <QueryStatus isLoading={false} error={head.error} />
    );
  }
  return (
    <Stack gap="xs">
      <ScrollArea.Autosize mah="70vh">
        <Code block data-testid="preview-text">
          {head.data}
        </Code>
      </ScrollArea.Autosize>
      {isCut && (
        <Text size="sm" c="dimmed">
          {t("filePreview.textCut")}
        </Text>
      )}
    </Stack>
  );
}
