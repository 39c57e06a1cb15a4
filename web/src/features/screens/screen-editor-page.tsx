// /screens/new and /screens/edit/{id}/{page?} (spec 3 §2 Screens, §4, §5): the breadcrumb and the title with the round
// delete and save buttons, as the websites editor has them, over tabs Screen and Activity (disabled for a new screen;
// page=activity selects it). The Screen tab: the preview with a refresh-screenshot button, the PAIRED / NOT PAIRED
// badge and 'Last seen at', the actions (Pair screen; or Unpair, Remove story, Push story), the name and description
// and the 'Assigned story' card once paired. The status is polled every 5 s and re-checked 2 s after a command or
// pairing. Save, pair, link and unlink failures are silent (spec 3 §8).
import {
  ActionIcon,
  Anchor,
  Breadcrumbs,
  Button,
  Card,
  Center,
  Group,
  Image,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { PERMISSIONS, SCREEN_LIMITS, type Screen } from "@repox/contracts";
import { IconDeviceFloppy, IconRefresh, IconTrash } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { errorText } from "../../api/errors.ts";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { showError, showSuccess } from "../../components/toast.ts";
import { useMyPermissions } from "../auth/permissions.ts";
import { StoryPickerModal } from "../story-picker/index.ts";
import { formatSurveyDateTime } from "../surveys/survey-dates.ts";
import { useScreen, useScreenStatus, useScreenStory, useScreenWrites } from "./api.ts";
import { PairDialog } from "./pair-dialog.tsx";
import { ScreenActivityTab } from "./screen-activity-tab.tsx";
import { PairedBadge } from "./screen-card.tsx";

const silently = () => undefined;

export function ScreenEditorPage() {
  const { id } = useParams();
  const screen = useScreen(id);
  if (id && !screen.data) return <QueryStatus isLoading={screen.isLoading} error={screen.error} />;
  return <ScreenForm key={screen.data?.id ?? "new"} screen={screen.data} />;
}

function ScreenForm({ screen }: { screen: Screen | undefined }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { page } = useParams();
  const writes = useScreenWrites(screen?.id);
  // A reader sees the screen as it is: no save, delete, pairing, story or screenshot buttons (the server refuses them).
  const canEdit = useMyPermissions().can(PERMISSIONS.storiesEdit);
  const status = useScreenStatus(screen?.id);
  // What the server holds: pairing, pushing and unpairing refresh the screen but leave the typed fields alone.
  const [saved, setSaved] = useState({ name: screen?.name ?? "", description: screen?.description ?? "" });
  const [name, setName] = useState(saved.name);
  const [description, setDescription] = useState(saved.description);
  const [isPairing, setPairing] = useState(false);
  const [isPushing, setPushing] = useState(false);
  const isPaired = status.data ? status.data.token !== null : !!screen?.paired;
  const storyId = status.data ? status.data.storyId : (screen?.storyId ?? null);
  const story = useScreenStory(screen?.id, storyId);
  const isChanged = name !== saved.name || description !== saved.description;
  const lastSeenAt = status.data?.lastSeenAt ?? screen?.lastSeenAt ?? null;
  const title = screen?.name || t("screens.newScreen");

  const recheck = () => setTimeout(() => void status.refetch(), SCREEN_LIMITS.statusRecheckMs);
  useEffect(() => {
    if (screen) document.title = screen.name;
  }, [screen]);

  const save = () => {
    const body = { name, description };
    if (!screen) {
      writes.create.mutate(body, { onSuccess: (created) => navigate(`/screens/edit/${created.id}`), onError: silently });
    } else {
      writes.update.mutate(body, {
        onSuccess: (updated) => {
          setSaved({ name: updated.name, description: updated.description });
          setName(updated.name);
          setDescription(updated.description);
        },
        onError: silently,
      });
    }
  };
  const remove = () =>
    modals.openConfirmModal({
      title: t("screens.deleteTitle"),
      children: t("screens.deleteQuestion", { name: screen?.name }),
      labels: { confirm: t("common.delete"), cancel: t("common.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        writes.remove.mutate(undefined, {
          onSuccess: () => {
            showSuccess(t("screens.deleted"));
            navigate("/screens");
          },
          onError: (error) => showError(errorText(error)),
        }),
    });
  const unpair = () =>
    modals.openConfirmModal({
      title: t("screens.unpairTitle"),
      children: t("screens.unpairQuestion"),
      labels: { confirm: t("screens.unpair"), cancel: t("common.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () => writes.command.mutate("UNPAIR", { onSettled: recheck }),
    });
  const refreshScreenshot = () =>
    writes.command.mutate("SCREENSHOT", { onError: (error) => console.warn("Screen command", error), onSettled: recheck });

  return (
    <Stack gap={0}>
      <Breadcrumbs mb="xs">
        <Anchor component={Link} to="/screens">
          {t("menu.screens")}
        </Anchor>
        <span>{title}</span>
      </Breadcrumbs>
      <PageHeader title={title}>
        <Group gap="xs">
          {canEdit && screen && (
            <Tooltip label={t("screens.delete")}>
              <ActionIcon size="xl" radius="xl" color="red" variant="light" onClick={remove} aria-label={t("screens.delete")}>
                <IconTrash />
              </ActionIcon>
            </Tooltip>
          )}
          {canEdit && (
            <Tooltip label={isChanged ? t("screens.save") : t("screens.noChanges")}>
              <ActionIcon
                size="xl"
                radius="xl"
                disabled={!isChanged}
                loading={writes.create.isPending || writes.update.isPending}
                onClick={save}
                aria-label={isChanged ? t("screens.save") : t("screens.noChanges")}
              >
                <IconDeviceFloppy />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </PageHeader>
      <Tabs
        value={screen && page === "activity" ? "activity" : "screen"}
        onChange={(tab) => screen && navigate(`/screens/edit/${screen.id}${tab === "activity" ? "/activity" : ""}`)}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="screen">{t("screens.tabScreen")}</Tabs.Tab>
          <Tabs.Tab value="activity" disabled={!screen}>
            {t("screens.tabActivity")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="screen">
          <Group align="flex-start" grow wrap="wrap">
            <Stack miw={320}>
              <Card withBorder radius="md" p={0} pos="relative">
                {status.data?.screenshot ? (
                  <Image src={status.data.screenshot} fit="contain" mah={360} alt={t("screens.preview")} data-testid="screen-preview" />
                ) : (
                  <Center h={220} bg="dark.7">
                    <Text c="dimmed">{t("screens.noImage")}</Text>
                  </Center>
                )}
                {canEdit && screen && isPaired && (
                  <Tooltip label={t("screens.refreshScreenshot")}>
                    <ActionIcon
                      pos="absolute"
                      top={8}
                      right={8}
                      radius="xl"
                      onClick={refreshScreenshot}
                      aria-label={t("screens.refreshScreenshot")}
                    >
                      <IconRefresh size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Card>
              <Group>
                <PairedBadge paired={isPaired} />
                <Text size="sm" c="dimmed" data-testid="last-seen">
                  {t("screens.lastSeenAt")}: {lastSeenAt ? formatSurveyDateTime(lastSeenAt, i18n.language) : "—"}
                </Text>
              </Group>
              {canEdit && screen && (
                <Group>
                  {isPaired ? (
                    <>
                      <Button variant="default" color="red" onClick={unpair}>
                        {t("screens.unpair")}
                      </Button>
                      <Button variant="default" disabled={!storyId} onClick={() => writes.unlink.mutate(undefined, { onSettled: recheck })}>
                        {t("screens.removeStory")}
                      </Button>
                      <Button onClick={() => setPushing(true)}>{t("screens.pushStory")}</Button>
                    </>
                  ) : (
                    <Button onClick={() => setPairing(true)}>{t("screens.pairScreen")}</Button>
                  )}
                </Group>
              )}
            </Stack>
            <Stack miw={320}>
              <TextInput
                label={t("screens.name")}
                withAsterisk
                readOnly={!canEdit}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                maxLength={SCREEN_LIMITS.nameMaxLength}
              />
              <Textarea
                label={t("screens.description")}
                withAsterisk
                readOnly={!canEdit}
                autosize
                minRows={3}
                value={description}
                maxLength={SCREEN_LIMITS.descriptionMaxLength}
                onChange={(event) => setDescription(event.currentTarget.value)}
              />
              {screen && isPaired && (
                <Card withBorder radius="md" data-testid="assigned-story">
                  <Title order={5} mb="xs">
                    {t("screens.assignedStory")}
                  </Title>
                  {storyId && story.data?.story ? (
                    <>
                      <Text fw={600}>{story.data.story.title}</Text>
                      <Text size="sm" c="dimmed" lineClamp={2}>
                        {story.data.story.description}
                      </Text>
                    </>
                  ) : (
                    <Text c="dimmed">{t("screens.noStory")}</Text>
                  )}
                </Card>
              )}
            </Stack>
          </Group>
        </Tabs.Panel>
        {screen && <Tabs.Panel value="activity">{page === "activity" && <ScreenActivityTab screenId={screen.id} />}</Tabs.Panel>}
      </Tabs>
      <PairDialog
        opened={isPairing}
        onClose={() => setPairing(false)}
        isPairing={writes.pair.isPending}
        onPair={(pin) => writes.pair.mutateAsync(pin).finally(recheck)}
      />
      <StoryPickerModal
        opened={isPushing}
        title={t("screens.pushStory")}
        confirmLabel={t("screens.push")}
        isPicking={writes.link.isPending}
        onClose={() => setPushing(false)}
        onPick={(picked) => writes.link.mutate(picked, { onSuccess: () => setPushing(false), onSettled: recheck })}
      />
    </Stack>
  );
}
