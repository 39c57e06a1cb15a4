// The live preview of a website's embed (spec 3 §2): the embed page itself in an iframe, as another site frames it,
// reloaded when the story changes; or 'Assign a story to see a preview here'.
import { AspectRatio, Center, Paper, Stack, Text } from "@mantine/core";
import { type Website, websiteEmbedPath } from "@repox/contracts";
import { IconPresentation } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { currentTenant } from "../../api/tenant.ts";

export function WebsitePreview({ website }: { website: Website | null }) {
  const { t } = useTranslation();
  const story = website?.story;
  return (
    <Paper withBorder radius="md" style={{ overflow: "hidden" }}>
      <AspectRatio ratio={16 / 9}>
        {website && story ? (
          <iframe
            key={story.id}
            src={websiteEmbedPath(currentTenant(), website.id)}
            title={t("websites.previewOf", { name: website.name })}
            style={{ border: 0, width: "100%", height: "100%" }}
            allow="fullscreen; autoplay"
            data-testid="website-preview"
          />
        ) : (
          <Center bg="var(--mantine-color-default-hover)">
            <Stack align="center" gap="xs" c="dimmed">
              <IconPresentation size={40} stroke={1.2} />
              <Text>{t("websites.previewEmpty")}</Text>
            </Stack>
          </Center>
        )}
      </AspectRatio>
    </Paper>
  );
}
