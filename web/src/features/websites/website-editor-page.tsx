// /websites/new and /websites/edit/{id}/{page?} (spec 3 §2 Websites, mirroring screens): tabs Website and Activity
// (page=activity; disabled for a new website), the live preview, 'Website name *' and 'Website description *', the
// assigned story with its buttons, a round delete (existing websites) and a round save ('Save changes', or 'No changes
// to save' while nothing changed). A new website goes to its edit page once created; deleting one says 'Successfully
// deleted website' and goes back to the list. Save failures only stop loading (spec 3 §8).
import { ActionIcon, Anchor, Breadcrumbs, Grid, Group, Stack, Tabs, Textarea, TextInput, Tooltip } from "@mantine/core";
import { modals } from "@mantine/modals";
import { PERMISSIONS, WEBSITE_LIMITS, type Website } from "@repox/contracts";
import { IconDeviceFloppy, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { showSuccess } from "../../components/toast.ts";
import { useMyPermissions } from "../auth/permissions.ts";
import { useDeleteWebsite, useSaveWebsite, useWebsite } from "./api.ts";
import { WebsiteActivityTab } from "./website-activity-tab.tsx";
import { websiteEditPath } from "./website-card.tsx";
import { WebsitePreview } from "./website-preview.tsx";
import { WebsiteStoryPanel } from "./website-story-panel.tsx";

type Tab = "website" | "activity";

export function WebsiteEditorPage() {
  const { id } = useParams();
  const website = useWebsite(id);
  if (id === undefined) return <WebsiteEditor key="new" website={null} />;
  if (!website.data) return <QueryStatus isLoading={website.isLoading} error={website.error} />;
  return <WebsiteEditor key={id} website={website.data} />;
}

function WebsiteEditor({ website }: { website: Website | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { page } = useParams();
  const { can } = useMyPermissions();
  const canEdit = can(PERMISSIONS.storiesEdit);
  const tab: Tab = website && page === "activity" ? "activity" : "website";
  const [saved, setSaved] = useState({ name: website?.name ?? "", description: website?.description ?? "" });
  const [name, setName] = useState(saved.name);
  const [description, setDescription] = useState(saved.description);
  const save = useSaveWebsite();
  const remove = useDeleteWebsite();
  const isChanged = name !== saved.name || description !== saved.description;
  const title = website?.name ?? t("websites.new");

  const saveChanges = () =>
    save.mutate(
      { id: website?.id ?? null, body: { name, description } },
      {
        onSuccess: (result) => {
          if (!result) return;
          showSuccess(t(website ? "toast.updated" : "toast.created"));
          setSaved({ name: result.name, description: result.description });
          setName(result.name);
          setDescription(result.description);
          if (!website) navigate(websiteEditPath(result.id), { replace: true });
        },
      },
    );

  const deleteWebsite = () => {
    if (!website) return;
    modals.openConfirmModal({
      title: t("common.removeConfirmationTitle"),
      children: t("common.confirmRemoval", { label: website.name }),
      labels: { confirm: t("common.delete"), cancel: t("common.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(website.id, {
          onSuccess: () => {
            showSuccess(t("websites.deleted"));
            navigate("/websites");
          },
        }),
    });
  };

  const saveLabel = isChanged ? t("websites.saveChanges") : t("websites.noChanges");
  return (
    <Stack gap={0}>
      <Breadcrumbs mb="xs">
        <Anchor component={Link} to="/websites">
          {t("websites.title")}
        </Anchor>
        <span>{title}</span>
      </Breadcrumbs>
      <PageHeader title={title}>
        {canEdit && (
          <Group gap="sm">
            {website && (
              <Tooltip label={t("websites.delete")}>
                <ActionIcon
                  size="xl"
                  radius="xl"
                  color="red"
                  variant="light"
                  aria-label={t("websites.delete")}
                  onClick={deleteWebsite}
                  loading={remove.isPending}
                >
                  <IconTrash size={20} />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label={saveLabel}>
              <ActionIcon
                size="xl"
                radius="xl"
                aria-label={saveLabel}
                title={saveLabel}
                disabled={!isChanged}
                loading={save.isPending}
                onClick={saveChanges}
              >
                <IconDeviceFloppy size={20} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </PageHeader>
      <Tabs value={tab} onChange={(next) => website && navigate(websiteEditPath(website.id, next === "activity" ? "activity" : undefined))}>
        <Tabs.List mb="md">
          <Tabs.Tab value="website">{t("websites.tabs.website")}</Tabs.Tab>
          <Tabs.Tab value="activity" disabled={!website}>
            {t("websites.tabs.activity")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="website">
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <WebsitePreview website={website} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="md">
                <TextInput
                  label={t("websites.name")}
                  withAsterisk
                  value={name}
                  maxLength={WEBSITE_LIMITS.nameMaxLength}
                  readOnly={!canEdit}
                  onChange={(event) => setName(event.currentTarget.value)}
                />
                <Textarea
                  label={t("websites.description")}
                  withAsterisk
                  autosize
                  minRows={3}
                  value={description}
                  maxLength={WEBSITE_LIMITS.descriptionMaxLength}
                  readOnly={!canEdit}
                  onChange={(event) => setDescription(event.currentTarget.value)}
                />
                {website && <WebsiteStoryPanel website={website} canEdit={canEdit} />}
              </Stack>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="activity">{website && tab === "activity" && <WebsiteActivityTab websiteId={website.id} />}</Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
