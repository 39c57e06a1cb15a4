// /guide/new and /guide/edit/{id} (spec 3 §2 Guide creator): the accordion of Basic App Information, Splash Screen,
// Welcome Text and Onboarding beside the phone-shaped live preview. Create is enabled per spec 3 §5 and saves the
// guide (then the edit page opens); an existing guide is saved, published, unpublished, previewed and deleted.
import { Accordion, Anchor, Badge, Box, Button, Chip, Grid, Group, Stack, Text, Textarea, TextInput, Tooltip } from "@mantine/core";
import { GUIDE_LANGUAGES, GUIDE_LIMITS, type Guide, PERMISSIONS } from "@repox/contracts";
import { IconExternalLink, IconTrash } from "@tabler/icons-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { errorText } from "../../api/errors.ts";
import { currentTenant } from "../../api/tenant.ts";
import { confirmRemoval } from "../../components/confirm-removal.ts";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { showError, showSuccess } from "../../components/toast.ts";
import { UnsavedChangesGuard } from "../../components/unsaved-changes-guard.tsx";
import { useMyPermissions } from "../auth/permissions.ts";
import { useDeleteGuide, useGuide, usePublishGuide, useSaveGuide } from "./api.ts";
import { bodyOf, canCreate, draftOf, EMPTY_DRAFT, type GuideDraft, isChanged, toggleLanguage } from "./guide-draft.ts";
import { GuidePhone, type PhoneScreen } from "./guide-phone.tsx";
import { GuidePictureField } from "./guide-picture-field.tsx";
import { LanguageFlag } from "./language-flag.tsx";
import { OnboardingList } from "./onboarding-list.tsx";

type Section = "basic" | "splash" | "welcome" | "onboarding";
const SCREEN_OF: Record<Section, PhoneScreen> = { basic: "splash", splash: "splash", welcome: "welcome", onboarding: "onboarding" };
export const GUIDE_LIST_PATH = "/guide";
export const guideEditPath = (id: string) => `/guide/edit/${encodeURIComponent(id)}`;
export const guidePreviewUrl = (id: string) => `/${currentTenant()}/guide-preview/${encodeURIComponent(id)}`;

/** A section's fields; a reader sees the guide as it is, with every field and picker disabled. */
function Fields({ disabled, children }: { disabled: boolean; children: ReactNode }) {
  return (
    <Box component="fieldset" disabled={disabled} m={0} p={0} style={{ border: 0, minWidth: 0 }}>
      {children}
    </Box>
  );
}

function GuideActions({ guide, draft, isDirty }: { guide: Guide; draft: GuideDraft; isDirty: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const publish = usePublishGuide(guide.id);
  const remove = useDeleteGuide();
  const setPublished = (isPublished: boolean) =>
    publish.mutate(isPublished, {
      onSuccess: () => showSuccess(t(isPublished ? "guides.publishedToast" : "guides.unpublishedToast")),
      onError: (error) => showError(errorText(error)),
    });
  const askDelete = () =>
    confirmRemoval(guide.title, () =>
      remove.mutate(guide.id, {
        onSuccess: () => {
          showSuccess(t("guides.deleted"));
          navigate(GUIDE_LIST_PATH);
        },
        onError: (error) => showError(errorText(error)),
      }),
    );
  return (
    <>
      {guide.isPublished ? (
        <>
          <Button
            variant="default"
            component="a"
            href={guidePreviewUrl(guide.id)}
            target="_blank"
            rel="noopener"
            leftSection={<IconExternalLink size={16} />}
          >
            {t("guides.openPreview")}
          </Button>
          <Button variant="light" color="orange" onClick={() => setPublished(false)} loading={publish.isPending}>
            {t("guides.unpublish")}
          </Button>
        </>
      ) : (
        <Tooltip label={t("guides.publishHint")} disabled={canCreate(draft) && !isDirty}>
          <Button
            variant="light"
            color="teal"
            onClick={() => setPublished(true)}
            loading={publish.isPending}
            disabled={!canCreate(draft) || isDirty}
          >
            {t("guides.publish")}
          </Button>
        </Tooltip>
      )}
      <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={askDelete} loading={remove.isPending}>
        {t("common.delete")}
      </Button>
    </>
  );
}

function GuideEditor({ guide }: { guide: Guide | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useMyPermissions();
  const canEdit = can(PERMISSIONS.storiesEdit);
  const [draft, setDraft] = useState<GuideDraft>(() => (guide ? draftOf(guide) : EMPTY_DRAFT));
  const [saved, setSaved] = useState<GuideDraft>(draft);
  const [section, setSection] = useState<Section | null>("basic");
  const [screen, setScreen] = useState<PhoneScreen>("splash");
  const save = useSaveGuide(guide?.id);
  // Set when a created guide's edit page opens: the draft is saved, nothing to warn about.
  const isLeaving = useRef(false);

  // A save answers the guide with the links to the copies it now holds: show those.
  const savedAt = guide?.updatedAt;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new version of the guide replaces the draft
  useEffect(() => {
    if (!guide || !savedAt) return;
    const fresh = draftOf(guide);
    setDraft(fresh);
    setSaved(fresh);
  }, [savedAt]);

  const isDirty = isChanged(draft, saved);
  const update = (change: Partial<GuideDraft>) => setDraft((current) => ({ ...current, ...change }));
  const open = (next: Section | null) => {
    setSection(next);
    if (next) setScreen(SCREEN_OF[next]);
  };
  const submit = () =>
    save.mutate(bodyOf(draft), {
      onSuccess: (answer) => {
        showSuccess(t(guide ? "toast.updated" : "toast.created"));
        if (!guide) {
          isLeaving.current = true;
          navigate(guideEditPath(answer.id), { replace: true });
        }
      },
      onError: (error) => showError(errorText(error)),
    });
  const when = useCallback(() => isDirty && !isLeaving.current, [isDirty]);

  const isCreatable = canCreate(draft);
  return (
    <Stack gap={0}>
      <UnsavedChangesGuard when={when} staysInside={() => false} />
      <PageHeader title={guide ? guide.title : t("guides.newTitle")}>
        {guide && (
          <Badge color={guide.isPublished ? "teal" : "gray"} variant="light" data-testid="guide-state">
            {guide.isPublished ? t("guides.published") : t("guides.draft")}
          </Badge>
        )}
        {canEdit && guide && <GuideActions guide={guide} draft={saved} isDirty={isDirty} />}
        {canEdit &&
          (guide ? (
            <Button onClick={submit} loading={save.isPending} disabled={!isDirty || draft.title.trim() === ""}>
              {isDirty ? t("guides.save") : t("guides.noChanges")}
            </Button>
          ) : (
            <Tooltip label={t("guides.createHint")} disabled={isCreatable}>
              <Button onClick={submit} loading={save.isPending} disabled={!isCreatable}>
                {t("guides.create")}
              </Button>
            </Tooltip>
          ))}
      </PageHeader>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Accordion value={section} onChange={(value) => open(value as Section | null)} variant="separated">
            <Accordion.Item value="basic">
              <Accordion.Control>{t("guides.sections.basic")}</Accordion.Control>
              <Accordion.Panel>
                <Fields disabled={!canEdit}>
                  <Stack>
                    <TextInput
                      label={t("guides.fields.title")}
                      withAsterisk
                      value={draft.title}
                      maxLength={GUIDE_LIMITS.titleMaxLength}
                      onChange={(event) => update({ title: event.currentTarget.value })}
                    />
                    <Textarea
                      label={t("guides.fields.description")}
                      value={draft.description}
                      maxLength={GUIDE_LIMITS.descriptionMaxLength}
                      autosize
                      minRows={2}
                      onChange={(event) => update({ description: event.currentTarget.value })}
                    />
                    <Stack gap={6}>
                      <Text size="sm" fw={500}>
                        {t("guides.fields.languages")}
                      </Text>
                      <Group gap="xs" data-testid="guide-languages">
                        {GUIDE_LANGUAGES.map((language) => (
                          <Chip
                            key={language}
                            checked={draft.languages.includes(language)}
                            onChange={() => update({ languages: toggleLanguage(draft.languages, language) })}
                            aria-label={t(`guides.languageNames.${language}`)}
                          >
                            <Group gap={6} wrap="nowrap">
                              <LanguageFlag language={language} size={0.8} />
                              {language}
                            </Group>
                          </Chip>
                        ))}
                      </Group>
                    </Stack>
                  </Stack>
                </Fields>
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="splash">
              <Accordion.Control>{t("guides.sections.splash")}</Accordion.Control>
              <Accordion.Panel>
                <Fields disabled={!canEdit}>
                  <Stack gap="lg">
                    <GuidePictureField kind="logo" value={draft.logo} onChange={(logo) => update({ logo })} />
                    <GuidePictureField kind="cover" value={draft.cover} onChange={(cover) => update({ cover })} />
                  </Stack>
                </Fields>
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="welcome">
              <Accordion.Control>{t("guides.sections.welcome")}</Accordion.Control>
              <Accordion.Panel>
                <Fields disabled={!canEdit}>
                  {draft.languages.length === 0 ? (
                    <Text size="sm">
                      {t("guides.welcome.none")}{" "}
                      <Anchor component="button" type="button" onClick={() => open("basic")}>
                        {t("guides.welcome.toLanguages")}
                      </Anchor>
                    </Text>
                  ) : (
                    <Stack>
                      {draft.languages.map((language) => (
                        <Textarea
                          key={language}
                          label={
                            <Group gap={6} component="span">
                              <LanguageFlag language={language} size={0.7} />
                              {t("guides.fields.welcomeText", { language: t(`guides.languageNames.${language}`) })}
                            </Group>
                          }
                          value={draft.welcomeTexts[language] ?? ""}
                          maxLength={GUIDE_LIMITS.welcomeTextMaxLength}
                          autosize
                          minRows={2}
                          onChange={(event) => update({ welcomeTexts: { ...draft.welcomeTexts, [language]: event.currentTarget.value } })}
                          data-testid={`welcome-${language}`}
                        />
                      ))}
                    </Stack>
                  )}
                </Fields>
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="onboarding">
              <Accordion.Control>{t("guides.sections.onboarding")}</Accordion.Control>
              <Accordion.Panel>
                <Fields disabled={!canEdit}>
                  <OnboardingList pictures={draft.onboarding} onChange={(onboarding) => update({ onboarding })} />
                </Fields>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Box pos="sticky" top={16}>
            <GuidePhone
              guide={{
                title: draft.title,
                description: draft.description,
                languages: draft.languages,
                welcomeTexts: draft.welcomeTexts,
                logoUrl: draft.logo?.url ?? null,
                coverUrl: draft.cover?.url ?? null,
                onboardingUrls: draft.onboarding.map((picture) => picture.url),
              }}
              screen={screen}
              onScreenChange={setScreen}
            />
          </Box>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function GuideEditorPage() {
  const { id } = useParams();
  const guide = useGuide(id);
  if (id && !guide.data) return <QueryStatus isLoading={guide.isLoading} error={guide.error} />;
  return <GuideEditor key={id ?? "new"} guide={guide.data} />;
}
