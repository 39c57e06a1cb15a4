// /surveys/new and /surveys/edit/{uuid}/{survey|responses|activity}/… (spec 3 §2 Survey editor): the tabs, the state
// banner, Share, Delete and Save. A new survey has only its Survey tab and goes to its edit route after the first save.
import { Alert, Anchor, Badge, Breadcrumbs, Button, Tabs } from "@mantine/core";
import { modals } from "@mantine/modals";
import { PERMISSIONS, type Survey } from "@repox/contracts";
import { IconAlertTriangle, IconDeviceFloppy, IconShare, IconTrash } from "@tabler/icons-react";
import { useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { errorText } from "../../api/errors.ts";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { showError, showSuccess } from "../../components/toast.ts";
import { UnsavedChangesGuard } from "../../components/unsaved-changes-guard.tsx";
import { useMyPermissions } from "../auth/permissions.ts";
import { ActivityTab } from "./activity/activity-tab.tsx";
import { useDeleteSurvey, useSaveSurvey, useSurvey } from "./api.ts";
import type { Selection } from "./builder/selection.ts";
import { SurveyBuilder } from "./builder/survey-builder.tsx";
import { editorBanners } from "./editor-banners.ts";
import { ResponsesTab } from "./responses/responses-tab.tsx";
import { ShareModal } from "./share/share-modal.tsx";
import { formatSurveyDateTime } from "./survey-dates.ts";
import { draftFromSurvey, draftIssues, draftToBody, isDraftChanged, newSurveyDraft, type SurveyDraft } from "./survey-draft.ts";

const TABS = ["survey", "responses", "activity"] as const;
type Tab = (typeof TABS)[number];

export function SurveyEditorPage() {
  const { uuid } = useParams();
  const survey = useSurvey(uuid);
  if (uuid === undefined) return <SurveyEditor key="new" survey={null} />;
  if (!survey.data) return <QueryStatus isLoading={survey.isLoading} error={survey.error} />;
  return <SurveyEditor key={uuid} survey={survey.data} />;
}

function SurveyEditor({ survey }: { survey: Survey | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { page } = useParams();
  const { can } = useMyPermissions();
  const canEdit = can(PERMISSIONS.surveysEdit);
  const tab: Tab = survey && TABS.includes(page as Tab) ? (page as Tab) : "survey";

  const initial = useMemo(
    () =>
      survey
        ? draftFromSurvey(survey)
        : newSurveyDraft({ section: t("surveys.builder.newSectionTitle", { number: 1 }), question: t("surveys.builder.newQuestionTitle") }),
    [survey, t],
  );
  const [saved, setSaved] = useState<SurveyDraft>(initial);
  const [draft, setDraft] = useState<SurveyDraft>(initial);
  const [selection, setSelection] = useState<Selection>({ kind: "header" });
  const [isSharing, setSharing] = useState(false);
  const save = useSaveSurvey();
  const remove = useDeleteSurvey();

  const issues = useMemo(() => draftIssues(draft), [draft]);
  const hasIssues = Object.keys(issues).length > 0;
  const isChanged = isDraftChanged(draft, saved);
  // A save or delete that navigates away must not be asked about.
  const isLeaving = useRef(false);
  const changedRef = useRef(isChanged);
  changedRef.current = isChanged;
  const hasUnsavedChanges = useCallback(() => changedRef.current && !isLeaving.current, []);

  const name = survey?.label ?? t("surveys.newSurvey");

  const saveDraft = () => {
    save.mutate(
      { key: survey?.uuid ?? null, body: draftToBody(draft) },
      {
        onSuccess: (result) => {
          showSuccess(t("surveys.saved"));
          const next = draftFromSurvey(result);
          setSaved(next);
          setDraft(next);
          if (!survey) {
            isLeaving.current = true;
            navigate(`/surveys/edit/${result.uuid}/survey`, { replace: true });
          }
        },
        onError: (error) => showError(errorText(error)),
      },
    );
  };

  const deleteSurvey = () => {
    if (!survey) return;
    modals.openConfirmModal({
      title: t("common.removeConfirmationTitle"),
      children: t("common.confirmRemoval", { label: survey.label }),
      labels: { confirm: t("common.delete"), cancel: t("common.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(survey.uuid, {
          onSuccess: () => {
            showSuccess(t("surveys.deleted"));
            isLeaving.current = true;
            navigate("/surveys");
          },
          onError: (error) => showError(errorText(error)),
        }),
    });
  };

  return (
    <>
      <Breadcrumbs mb="xs">
        <Anchor component={Link} to="/surveys">
          {t("surveys.title")}
        </Anchor>
        <span>{name}</span>
      </Breadcrumbs>
      <PageHeader title={name}>
        {survey && (
          <Button variant="default" leftSection={<IconShare size={16} />} onClick={() => setSharing(true)}>
            {t("surveys.share")}
          </Button>
        )}
        {survey && canEdit && (
          <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={deleteSurvey} loading={remove.isPending}>
            {t("surveys.delete")}
          </Button>
        )}
        {canEdit && (
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={saveDraft}
            disabled={!isChanged || hasIssues}
            loading={save.isPending}
            title={isChanged ? undefined : t("surveys.noChanges")}
          >
            {t("surveys.save")}
          </Button>
        )}
      </PageHeader>

      {editorBanners(draft).map((banner) =>
        banner.kind === "locked" ? (
          <Alert key={banner.kind} color="yellow" icon={<IconAlertTriangle size={18} />} mb="md">
            {t("surveys.banner.locked")}
          </Alert>
        ) : (
          <Alert key={banner.kind} color={banner.kind === "closed" ? "red" : "blue"} icon={<IconAlertTriangle size={18} />} mb="md">
            {t(`surveys.banner.${banner.kind}`, { date: formatSurveyDateTime(banner.at, i18n.language) })}
          </Alert>
        ),
      )}

      <Tabs value={tab} onChange={(value) => survey && value && navigate(`/surveys/edit/${survey.uuid}/${value}`)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="survey">{t("surveys.tabs.survey")}</Tabs.Tab>
          <Tabs.Tab
            value="responses"
            disabled={!survey}
            rightSection={
              survey ? (
                <Badge
                  size="sm"
                  variant="light"
                  circle={survey.responseCount < 10}
                  aria-label={t("surveys.tabs.responseCount", { count: survey.responseCount })}
                >
                  {survey.responseCount}
                </Badge>
              ) : undefined
            }
          >
            {t("surveys.tabs.responses")}
          </Tabs.Tab>
          <Tabs.Tab value="activity" disabled={!survey}>
            {t("surveys.tabs.activity")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="survey">
          <SurveyBuilder
            draft={draft}
            onChange={setDraft}
            selection={selection}
            onSelect={setSelection}
            issues={issues}
            canEdit={canEdit}
          />
        </Tabs.Panel>
        {survey && (
          <Tabs.Panel value="responses">
            <ResponsesTab survey={survey} />
          </Tabs.Panel>
        )}
        {survey && (
          <Tabs.Panel value="activity">
            <ActivityTab surveyUuid={survey.uuid} />
          </Tabs.Panel>
        )}
      </Tabs>

      {survey && isSharing && <ShareModal survey={survey} canEdit={canEdit} onClose={() => setSharing(false)} />}
      <UnsavedChangesGuard
        when={hasUnsavedChanges}
        staysInside={(location) => survey !== null && location.pathname.includes(`/surveys/edit/${survey.uuid}`)}
      />
    </>
  );
}
