// The public survey page (spec 3 §2 Public survey page, §4 Public response flow, §5 Public submit): the survey's
// sections one at a time with Next and Back along the branching path, the respondent fields the survey type asks
// for, then the submission message; a refusal (closed, not open yet, locked, bad link) shows the server's message in
// place of the page. Answers survive reloads and a lost connection (use-survey-response.ts).
import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Text, TextInput, Title, Typography } from "@mantine/core";
import type { PublicSurvey, Question } from "@repox/contracts";
import { LIMITS, SURVEY_LIMITS } from "@repox/contracts";
import { IconCircleCheck, IconWifiOff } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { errorText } from "../../api/errors.ts";
import {
  canSubmit,
  navigation,
  questionProblem,
  type RespondentField,
  respondentFields,
  respondentProblem,
  sectionHasProblems,
} from "./answer-state.ts";
import { usePublicSurvey } from "./api.ts";
import { QuestionInput, useProblemText } from "./question-input.tsx";
import classes from "./survey-public.module.css";
import { useSurveyResponse } from "./use-survey-response.ts";

export function PublicSurveyPage() {
  const { uuid = "" } = useParams();
  const [params] = useSearchParams();
  const token = params.get("t") ?? undefined;
  const survey = usePublicSurvey(uuid, token);
  if (survey.isLoading) return <PageLoader />;
  if (!survey.data) return <SurveyMessage message={errorText(survey.error)} />;
  return <SurveyForm survey={survey.data} token={token} />;
}

export function PageLoader() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}

/** The server's message in place of the page (spec 3 §8), or the submission message after submit. */
export function SurveyMessage({ message, title, isDone = false }: { message: string; title?: string; isDone?: boolean }) {
  return (
    <Card withBorder radius="md" padding="xl" data-testid="survey-message">
      <Stack align="center" gap="sm" ta="center">
        {isDone && <IconCircleCheck size={40} color="var(--mantine-color-teal-6)" aria-hidden />}
        {title && (
          <Title order={1} size="h3">
            {title}
          </Title>
        )}
        <Text size="lg" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {message}
        </Text>
      </Stack>
    </Card>
  );
}

const FIELD_LABELS: Record<
  RespondentField,
  "surveyPublic.email" | "surveyPublic.firstName" | "surveyPublic.lastName" | "surveyPublic.organization"
> = {
  email: "surveyPublic.email",
  firstName: "surveyPublic.firstName",
  lastName: "surveyPublic.lastName",
  organization: "surveyPublic.organization",
};

function SurveyForm({ survey, token }: { survey: PublicSurvey; token: string | undefined }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const response = useSurveyResponse(survey, token);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [isRestoredNoteClosed, setRestoredNoteClosed] = useState(false);
  const top = useRef<HTMLDivElement>(null);
  const questions = new Map(survey.questions.map((question) => [question.id, question]));
  const nav = navigation(survey, response.answers, response.sectionId);
  const fields = respondentFields(survey.surveyType, survey.email);
  const touch = (id: string) => setTouched((current) => (current.has(id) ? current : new Set(current).add(id)));

  // A new section starts at its top (in an iframe too).
  const sectionId = nav.section?.id;
  useEffect(() => {
    if (sectionId) top.current?.scrollIntoView?.({ block: "start" });
  }, [sectionId]);

  if (response.phase === "restoring") return <PageLoader />;
  if (response.phase === "submitted") return <SurveyMessage title={survey.label} message={survey.submissionMessage} isDone />;

  const isBusy = response.phase === "submitting" || response.phase === "retrying";
  const showsRespondent = nav.index === 0 && fields.length > 0;
  const respondentBlocks =
    showsRespondent && fields.some((field) => respondentProblem(survey.surveyType, field, response.respondent[field]) !== null);
  const sectionBlocks = sectionHasProblems(survey, response.answers, nav.section) || respondentBlocks;
  const maySubmit = canSubmit(survey, response.answers, response.respondent);

  return (
    <Stack gap="md" ref={top}>
      <Card withBorder radius="md" padding="lg" className={classes.description}>
        <Title order={1} size="h2">
          {survey.label}
        </Title>
        {survey.description && (
          <Text mt="xs" style={{ whiteSpace: "pre-wrap" }}>
            {survey.description}
          </Text>
        )}
      </Card>

      {response.isRestored && !isRestoredNoteClosed && response.phase === "form" && (
        <Alert color="blue" variant="light" data-testid="survey-restored" withCloseButton onClose={() => setRestoredNoteClosed(true)}>
          {t("surveyPublic.restored")}
        </Alert>
      )}
      {response.phase === "retrying" && (
        <Alert color="orange" icon={<IconWifiOff size={18} />} data-testid="survey-retrying" role="status">
          <Group justify="space-between" gap="sm">
            <Text size="sm" style={{ flex: 1, minWidth: 200 }}>
              {t("surveyPublic.offline")}
            </Text>
            <Button size="xs" variant="light" color="orange" onClick={response.retryNow}>
              {t("surveyPublic.retryNow")}
            </Button>
          </Group>
        </Alert>
      )}

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (nav.isLast) {
            if (maySubmit && !isBusy) void response.submit();
          } else if (nav.next && !sectionBlocks) {
            response.goToSection(nav.next);
          }
        }}
      >
        <fieldset disabled={isBusy} className={classes.fieldset}>
          <Stack gap="md">
            {showsRespondent && (
              <Card withBorder radius="md" padding="lg" component="section" aria-label={t("surveyPublic.aboutYou")}>
                <Stack gap="sm">
                  <Title order={2} size="h4">
                    {t("surveyPublic.aboutYou")}
                  </Title>
                  {fields.map((field) => {
                    const problem = respondentProblem(survey.surveyType, field, response.respondent[field]);
                    const isPersonal = field === "email" && survey.email !== "";
                    return (
                      <TextInput
                        key={field}
                        label={t(FIELD_LABELS[field])}
                        withAsterisk={survey.surveyType === "USER_DETAILS" || field === "email"}
                        type={field === "email" ? "email" : "text"}
                        autoComplete={
                          { email: "email", firstName: "given-name", lastName: "family-name", organization: "organization" }[field]
                        }
                        value={response.respondent[field]}
                        readOnly={isPersonal}
                        maxLength={
                          field === "organization"
                            ? SURVEY_LIMITS.labelMaxLength
                            : field === "email"
                              ? LIMITS.emailMaxLength
                              : LIMITS.nameMaxLength
                        }
                        error={touched.has(`respondent:${field}`) ? problemText(problem) : null}
                        onChange={(event) => {
                          response.changeRespondent(field, event.currentTarget.value);
                          touch(`respondent:${field}`);
                        }}
                        onBlur={() => touch(`respondent:${field}`)}
                      />
                    );
                  })}
                </Stack>
              </Card>
            )}

            {nav.section && (
              <Card
                withBorder
                radius="md"
                padding="lg"
                component="section"
                aria-label={nav.section.title || undefined}
                data-section={nav.section.id}
              >
                <Stack gap="lg">
                  {(nav.section.title || nav.path.length > 1) && (
                    <div>
                      <Group justify="space-between" align="flex-start" wrap="nowrap">
                        {nav.section.title && (
                          <Title order={2} size="h3">
                            {nav.section.title}
                          </Title>
                        )}
                        {nav.path.length > 1 && (
                          <Badge variant="light" style={{ flexShrink: 0 }}>
                            {t("surveyPublic.sectionProgress", { number: nav.index + 1, total: nav.path.length })}
                          </Badge>
                        )}
                      </Group>
                      {nav.section.description && (
                        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises section descriptions before storing them.
                        <Typography mt="xs" className={classes.description} dangerouslySetInnerHTML={{ __html: nav.section.description }} />
                      )}
                    </div>
                  )}
                  {nav.section.questions.map((id) => {
                    const question = questions.get(id);
                    return question ? (
                      <QuestionBlock
                        key={id}
                        question={question}
                        value={response.answers[id]}
                        touched={touched.has(id)}
                        onChange={(value) => {
                          response.changeAnswer(id, value);
                          touch(id);
                        }}
                        onBlur={() => touch(id)}
                      />
                    ) : null;
                  })}
                </Stack>
              </Card>
            )}

            <Group justify="space-between">
              <div>
                {nav.previous && (
                  <Button variant="default" onClick={() => nav.previous && response.goToSection(nav.previous)}>
                    {t("surveyPublic.back")}
                  </Button>
                )}
              </div>
              {nav.isLast ? (
                <Button type="submit" disabled={!maySubmit} loading={isBusy}>
                  {t("surveyPublic.submit")}
                </Button>
              ) : (
                <Button type="submit" disabled={sectionBlocks}>
                  {t("surveyPublic.next")}
                </Button>
              )}
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Stack>
  );
}

function QuestionBlock(props: {
  question: Question;
  value: unknown;
  touched: boolean;
  onChange: (value: unknown) => void;
  onBlur: () => void;
}) {
  const problem = questionProblem(props.question, props.value);
  return (
    <div data-question={props.question.id} data-question-type={props.question.type}>
      <QuestionInput {...props} problem={problem} />
    </div>
  );
}
