// /screen-app (spec 3 §2 Screen app): the spec's download page with Windows, Linux and MacOS buttons. Our screen is
// the browser player, so each button opens the steps that run this tenant's player page (/{tenant}/player) in kiosk
// mode on that system, with the address, a copy button and a QR code.
import { Box, Button, Card, Code, Group, List, Modal, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconBrandApple, IconBrandUbuntu, IconBrandWindows } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentTenant } from "../../api/tenant.ts";
import type { TranslationKey } from "../../app/i18n/index.ts";
import { CopyText } from "../../components/copy-text.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { type KioskSystem, kioskSteps, playerUrl, SYSTEMS } from "./kiosk-steps.ts";
import { QrCode } from "./qr-code.tsx";

const ICONS: Record<KioskSystem, ReactNode> = {
  windows: <IconBrandWindows size={22} />,
  linux: <IconBrandUbuntu size={22} />,
  macos: <IconBrandApple size={22} />,
};

function KioskStepsModal({ system, url, onClose }: { system: KioskSystem | null; url: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={system !== null} onClose={onClose} title={system ? t(`screenApp.systems.${system}`) : ""} size="lg">
      {system && (
        <Stack gap="md">
          <List type="ordered" spacing="sm">
            {kioskSteps(system, url).map((step) => (
              <List.Item key={step.text}>
                <Text size="sm">{t(step.text as TranslationKey)}</Text>
                {step.command && (
                  <Group gap={4} wrap="nowrap" mt={4} align="flex-start">
                    <Box style={{ flex: 1, minWidth: 0 }}>
                      <Code block style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
                        {step.command}
                      </Code>
                    </Box>
                    <CopyText value={step.command} />
                  </Group>
                )}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Modal>
  );
}

export function ScreenAppPage() {
  const { t } = useTranslation();
  const [system, setSystem] = useState<KioskSystem | null>(null);
  const url = playerUrl(window.location.origin, currentTenant());
  return (
    <Stack gap="lg">
      <PageHeader title={t("screenApp.title")} />
      <Card withBorder padding="xl">
        <Group align="flex-start" justify="space-between" gap="xl" wrap="wrap">
          <Stack gap="md" style={{ flex: 1, minWidth: 280 }}>
            <Title order={4}>{t("screenApp.heading")}</Title>
            <Text c="dimmed">{t("screenApp.intro")}</Text>
            <TextInput
              label={t("screenApp.playerUrl")}
              value={url}
              readOnly
              data-testid="player-url"
              rightSection={<CopyText value={url} />}
            />
            <Text size="sm" fw={500}>
              {t("screenApp.download")}
            </Text>
            <Group gap="sm">
              {SYSTEMS.map((name) => (
                <Button key={name} size="md" variant="default" leftSection={ICONS[name]} onClick={() => setSystem(name)}>
                  {t(`screenApp.systems.${name}`)}
                </Button>
              ))}
            </Group>
          </Stack>
          <Stack align="center" gap={4}>
            <QrCode text={url} label={t("screenApp.qrOf", { url })} />
            <Text size="xs" c="dimmed">
              {t("screenApp.qrHint")}
            </Text>
          </Stack>
        </Group>
      </Card>
      <KioskStepsModal system={system} url={url} onClose={() => setSystem(null)} />
    </Stack>
  );
}
