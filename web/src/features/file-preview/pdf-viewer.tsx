// A PDF page by page with previous/next (spec 1 §2), drawn by pdf.js from the signed preview link. The worker is
// bundled by Vite, so the viewer works offline.
import { Button, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

GlobalWorkerOptions.workerSrc = workerUrl;

/** Pixels per PDF point: sharp on high-density screens without drawing huge canvases. */
const RENDER_SCALE = 1.5;

export function PdfViewer({ url }: { url: string }) {
  const { t } = useTranslation();
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const task = getDocument({ url });
    task.promise.then(setPdf, () => setFailed(true));
    return () => {
      void task.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!pdf || !canvas.current) return;
    const target = canvas.current;
    let cancelled = false;
    let render: { cancel: () => void } | null = null;
    void pdf.getPage(page).then((pdfPage) => {
      if (cancelled) return;
      const viewport = pdfPage.getViewport({ scale: RENDER_SCALE });
      target.width = viewport.width;
      target.height = viewport.height;
      const task = pdfPage.render({ canvas: target, viewport });
      render = task;
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [pdf, page]);

  if (failed) return <Text c="red">{t("filePreview.pdfFailed")}</Text>;
  if (!pdf) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  return (
    <Stack align="center" gap="sm">
      <Group gap="sm">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={16} />}
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
        >
          {t("filePreview.previousPage")}
        </Button>
        <Text size="sm" data-testid="pdf-page">
          {t("filePreview.pageOf", { page, pages: pdf.numPages })}
        </Text>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={16} />}
          disabled={page >= pdf.numPages}
          onClick={() => setPage(page + 1)}
        >
          {t("filePreview.nextPage")}
        </Button>
      </Group>
      <canvas ref={canvas} data-testid="pdf-canvas" style={{ maxWidth: "100%", height: "auto", boxShadow: "var(--mantine-shadow-sm)" }} />
    </Stack>
  );
}
