// /{tenant}/guide-preview/{id}: a published guide in the phone frame, as its mobile app will show it, from the public
// JSON (GET /api/pub/guides/{id}) with its public image links. No sign-in; a draft or unknown guide says so.
import { Box, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { errorText } from "../../api/errors.ts";
import { usePublicGuide } from "./api.ts";
import { GuidePhone, type PhoneScreen } from "./guide-phone.tsx";

function PublishedGuide({ id }: { id: string }) {
  const { t } = useTranslation();
  const guide = usePublicGuide(id);
  const [screen, setScreen] = useState<PhoneScreen>("splash");
  if (guide.isPending) return <Loader aria-label={t("common.loading")} />;
  if (guide.isError) {
    return (
      <Stack align="center" gap="xs" data-testid="guide-preview-error">
        <Title order={3}>{t("guides.preview.unavailable")}</Title>
        <Text c="dimmed">{errorText(guide.error)}</Text>
      </Stack>
    );
  }
  const data = guide.data;
  return (
    <Stack align="center" gap="md">
      <Title order={3} ta="center">
        {data.title}
      </Title>
      <GuidePhone
        guide={{
          title: data.title,
          description: data.description,
          languages: data.languages,
          welcomeTexts: data.welcomeTexts,
          logoUrl: data.logoUrl,
          coverUrl: data.coverUrl,
          onboardingUrls: data.onboarding.map((image) => image.url),
        }}
        screen={screen}
        onScreenChange={setScreen}
      />
    </Stack>
  );
}

export function GuidePreviewPage() {
  const { id = "" } = useParams();
  return (
    <Box mih="100vh" py="xl" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Center>
        <PublishedGuide id={id} />
      </Center>
    </Box>
  );
}
