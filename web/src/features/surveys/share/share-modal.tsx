// The Share Survey modal (spec 3 §2, §4, §5): tab 1 sends the survey by e-mail (each recipient gets a personal link),
// tab 2 copies the public link, tab 3 copies the embed code with its size.
import { Alert, Button, Group, Loader, Modal, NumberInput, Select, Stack, Tabs, TagsInput, Textarea, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { SURVEY_LIMITS, type Survey } from "@repox/contracts";
import { IconCode, IconCopy, IconLink, IconMail } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../api/errors.ts";
import { showError, showInfo, showSuccess } from "../../../components/toast.ts";
import { useContactSearch, useShareSurvey, useSurveyLink } from "../api.ts";
import { copyText } from "./copy-text.ts";
import { canSend, embedCode, initialEmbedSize, invalidRecipients } from "./share-values.ts";

type Tab = "email" | "link" | "embed";

/** Sending e-mail is a write (repox.surveys.edit); the link and embed code only need to read the survey. */
export function ShareModal({ survey, canEdit, onClose }: { survey: Survey; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>(canEdit ? "email" : "link");
  const link = useSurveyLink(survey.uuid, tab !== "email");
  return (
    <Modal
      opened
      onClose={onClose}
      title={t("surveys.shareModal.title")}
      size="lg"
      closeButtonProps={{ "aria-label": t("surveys.shareModal.close") }}
    >
      <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)}>
        <Tabs.List mb="md">
          {canEdit && (
            <Tabs.Tab value="email" leftSection={<IconMail size={16} />}>
              {t("surveys.shareModal.emailTab")}
            </Tabs.Tab>
          )}
          <Tabs.Tab value="link" leftSection={<IconLink size={16} />}>
            {t("surveys.shareModal.linkTab")}
          </Tabs.Tab>
          <Tabs.Tab value="embed" leftSection={<IconCode size={16} />}>
            {t("surveys.shareModal.embedTab")}
          </Tabs.Tab>
        </Tabs.List>
        {canEdit && (
          <Tabs.Panel value="email">
            <EmailTab survey={survey} onSent={onClose} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="link">
          {link.data ? (
            <LinkTab survey={survey} url={link.data.url} />
          ) : link.error ? (
            <Alert color="red">{errorText(link.error)}</Alert>
          ) : (
            <Loader />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="embed">
          {link.data ? (
            <EmbedTab survey={survey} url={link.data.url} />
          ) : link.error ? (
            <Alert color="red">{errorText(link.error)}</Alert>
          ) : (
            <Loader />
          )}
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}

function EmailTab({ survey, onSent }: { survey: Survey; onSent: () => void }) {
  const { t } = useTranslation();
  const [recipients, setRecipients] = useState<string[]>([]);
  const [subject, setSubject] = useState(survey.label);
  const [message, setMessage] = useState("");
  const [contactSearch, setContactSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(contactSearch.trim(), 300);
  const contacts = useContactSearch(debouncedSearch, true);
  const share = useShareSurvey(survey.uuid);
  const invalid = invalidRecipients(recipients);

  const contactOptions = (contacts.data?.content ?? [])
    .filter((contact) => !recipients.includes(contact.email))
    .map((contact) => {
      const name = `${contact.firstName} ${contact.lastName}`.trim();
      return { value: contact.email, label: name ? `${name} <${contact.email}>` : contact.email };
    });

  const send = () =>
    share.mutate(
      { subject: subject.trim(), message: message.trim(), toRecipients: recipients.map((recipient) => recipient.trim()) },
      {
        onSuccess: () => {
          showSuccess(t("surveys.shareModal.shared"));
          onSent();
        },
        onError: (error) => showError(errorText(error)),
      },
    );

  return (
    <Stack gap="sm">
      <TagsInput
        label={t("surveys.shareModal.recipients")}
        description={t("surveys.shareModal.recipientsHelp")}
        value={recipients}
        onChange={setRecipients}
        splitChars={[",", " ", ";"]}
        acceptValueOnBlur
        clearable
        maxTags={SURVEY_LIMITS.shareRecipientsMax}
        error={invalid.length > 0 ? t("surveys.shareModal.invalidRecipients", { list: invalid.join(", ") }) : undefined}
      />
      <Select
        label={t("surveys.shareModal.contacts")}
        placeholder={t("surveys.shareModal.contactsPlaceholder")}
        searchable
        data={contactOptions}
        value={null}
        searchValue={contactSearch}
        onSearchChange={setContactSearch}
        filter={({ options }) => options}
        rightSection={contacts.isFetching ? <Loader size="xs" /> : undefined}
        onChange={(email) => {
          if (email && !recipients.includes(email)) setRecipients([...recipients, email]);
          setContactSearch("");
        }}
        nothingFoundMessage={contacts.isFetching ? undefined : t("surveys.shareModal.noContacts")}
      />
      <TextInput
        label={t("surveys.shareModal.subject")}
        withAsterisk
        value={subject}
        maxLength={SURVEY_LIMITS.shareSubjectMaxLength}
        onChange={(event) => setSubject(event.currentTarget.value)}
      />
      <Textarea
        label={t("surveys.shareModal.message")}
        withAsterisk
        value={message}
        autosize
        minRows={4}
        maxLength={SURVEY_LIMITS.shareMessageMaxLength}
        onChange={(event) => setMessage(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button
          leftSection={<IconMail size={16} />}
          disabled={!canSend({ recipients, subject, message })}
          loading={share.isPending}
          onClick={send}
        >
          {t("surveys.shareModal.send")}
        </Button>
      </Group>
    </Stack>
  );
}

function copyWithToast(text: string, toast: string) {
  copyText(text).then(
    () => showInfo(toast),
    () => showError(text),
  );
}

function LinkTab({ survey, url }: { survey: Survey; url: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {survey.surveyType === "SIGNED_URL" && <Alert color="blue">{t("surveys.shareModal.signedLinkHint")}</Alert>}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t("surveys.shareModal.link")}
          value={url}
          readOnly
          style={{ flex: 1 }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button leftSection={<IconCopy size={16} />} onClick={() => copyWithToast(url, t("surveys.shareModal.linkCopied"))}>
          {t("surveys.shareModal.copyLink")}
        </Button>
      </Group>
    </Stack>
  );
}

function EmbedTab({ survey, url }: { survey: Survey; url: string }) {
  const { t } = useTranslation();
  const [size, setSize] = useState<{ width: number | string; height: number | string }>(() => initialEmbedSize(survey.questions.length));
  const { embedMinWidth, embedMinHeight, embedStep } = SURVEY_LIMITS;
  // While a number is being typed it may be below the minimum; the code uses the minimum until it is not.
  const width = Math.max(embedMinWidth, Math.round(Number(size.width) || 0));
  const height = Math.max(embedMinHeight, Math.round(Number(size.height) || 0));
  const code = embedCode(url, survey.label, width, height);
  return (
    <Stack gap="sm">
      <Textarea
        label={t("surveys.shareModal.embedCode")}
        value={code}
        readOnly
        autosize
        minRows={3}
        ff="monospace"
        onFocus={(event) => event.currentTarget.select()}
      />
      <Group gap="sm" align="flex-end">
        <NumberInput
          label={t("surveys.shareModal.width")}
          min={embedMinWidth}
          step={embedStep}
          value={size.width}
          clampBehavior="blur"
          allowDecimal={false}
          onChange={(value) => setSize({ ...size, width: value })}
          w={140}
        />
        <NumberInput
          label={t("surveys.shareModal.height")}
          min={embedMinHeight}
          step={embedStep}
          value={size.height}
          clampBehavior="blur"
          allowDecimal={false}
          onChange={(value) => setSize({ ...size, height: value })}
          w={140}
        />
        <Button leftSection={<IconCopy size={16} />} onClick={() => copyWithToast(code, t("surveys.shareModal.codeCopied"))}>
          {t("surveys.shareModal.copyCode")}
        </Button>
      </Group>
    </Stack>
  );
}
