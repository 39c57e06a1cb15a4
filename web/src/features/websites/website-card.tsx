// One website on the list (spec 3 §2 Websites, mirroring screens): its picture (the assigned story's cover) or 'No
// image available', the story it publishes or 'No story assigned', its name and description. The card opens the editor.
import { Badge, Card, Center, Image, Stack, Text } from "@mantine/core";
import type { Website } from "@repox/contracts";
import { IconPhotoOff, IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cardDescription, cardTitle } from "../stories/story-text.ts";

export const WEBSITE_CARD_HEIGHT = 300;
const PREVIEW_HEIGHT = 150;

export const websiteEditPath = (id: string, page?: "activity") => `/websites/edit/${encodeURIComponent(id)}${page ? `/${page}` : ""}`;

function WebsitePreview({ website }: { website: Website }) {
  const { t } = useTranslation();
  const cover = website.story?.coverUrl;
  if (cover) return <Image src={cover} h={PREVIEW_HEIGHT} fit="cover" alt={t("websites.previewOf", { name: website.name })} />;
  return (
    <Center h={PREVIEW_HEIGHT} bg="var(--mantine-color-default-hover)">
      <Stack align="center" gap={4} c="dimmed">
        <IconPhotoOff size={32} stroke={1.2} />
        <Text size="sm">{t("websites.noImage")}</Text>
      </Stack>
    </Center>
  );
}

export function WebsiteCard({ website }: { website: Website }) {
  const { t } = useTranslation();
  return (
    <Card
      withBorder
      component={Link}
      to={websiteEditPath(website.id)}
      padding="md"
      mih={WEBSITE_CARD_HEIGHT}
      aria-label={website.name}
      data-testid="website-card"
    >
      <Card.Section>
        <WebsitePreview website={website} />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Badge variant="light" color={website.story ? "teal" : "gray"} style={{ alignSelf: "flex-start" }}>
          {website.story ? cardTitle(website.story.title) : t("websites.noStory")}
        </Badge>
        <Text fw={600} title={website.name}>
          {cardTitle(website.name)}
        </Text>
        {website.description && (
          <Text size="sm" c="dimmed" title={website.description} style={{ overflowWrap: "anywhere" }}>
            {cardDescription(website.description)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function AddWebsiteCard() {
  const { t } = useTranslation();
  return (
    <Card withBorder component={Link} to="/websites/new" padding="md" mih={WEBSITE_CARD_HEIGHT} style={{ borderStyle: "dashed" }}>
      <Center h="100%" mih={WEBSITE_CARD_HEIGHT - 40}>
        <Stack align="center" gap="xs">
          <IconPlus size={32} stroke={1.5} />
          <Text fw={600}>{t("websites.addNew")}</Text>
        </Stack>
      </Center>
    </Card>
  );
}
