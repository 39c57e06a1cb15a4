// My profile's 'App passwords': named passwords for WebDAV and other clients that sign in with HTTP Basic. A new one's
// secret is shown once, with a copy button; the list shows names and dates only; revoking asks first.
import { ActionIcon, Alert, Button, Code, Group, Stack, Table, Text, TextInput, Title, Tooltip } from "@mantine/core";
import { useForm } from "@mantine/form";
import { modals } from "@mantine/modals";
import { APP_PASSWORD_LIMITS, type AppPassword, type AppPasswordCreated } from "@repox/contracts";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { intlLocale } from "../../app/i18n/intl-locale.ts";
import { CopyText } from "../../components/copy-text.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { toastOutcome } from "../../components/toast.ts";
import { useAppPasswords, useCreateAppPassword, useRevokeAppPassword } from "./api.ts";

export function AppPasswords() {
  const { t } = useTranslation();
  const list = useAppPasswords();
  const [created, setCreated] = useState<AppPasswordCreated | null>(null);
  return (
    <Stack>
      <Title order={5}>{t("appPasswords.title")}</Title>
      <Text size="sm" c="dimmed">
        {t("appPasswords.intro")}
      </Text>
      {created && <NewSecret created={created} onDone={() => setCreated(null)} />}
      <CreateAppPasswordForm onCreated={setCreated} />
      {list.data ? <AppPasswordTable items={list.data.content} /> : <QueryStatus isLoading={list.isLoading} error={list.error} />}
    </Stack>
  );
}

function NewSecret({ created, onDone }: { created: AppPasswordCreated; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="green" title={t("appPasswords.createdTitle", { name: created.name })}>
      <Stack gap="xs">
        <Text size="sm">{t("appPasswords.shownOnce")}</Text>
        <Group gap="xs" wrap="nowrap">
          <Code data-testid="app-password-secret" fz="md">
            {created.secret}
          </Code>
          <CopyText value={created.secret} copiedMessage={t("appPasswords.copied")} />
        </Group>
        <Group justify="flex-end">
          <Button size="xs" variant="default" onClick={onDone}>
            {t("appPasswords.done")}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function CreateAppPasswordForm({ onCreated }: { onCreated: (created: AppPasswordCreated) => void }) {
  const { t } = useTranslation();
  const create = useCreateAppPassword();
  const form = useForm({
    initialValues: { name: "" },
    validate: { name: (value) => (value.trim() ? null : t("appPasswords.nameRequired")) },
  });
  const submit = form.onSubmit((values) =>
    create.mutate(
      { name: values.name.trim() },
      {
        onSuccess: (answer) => {
          form.reset();
          onCreated(answer);
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="xs">
        {create.error && <Alert color="red">{errorText(create.error)}</Alert>}
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t("appPasswords.name")}
            placeholder={t("appPasswords.namePlaceholder")}
            maxLength={APP_PASSWORD_LIMITS.nameMaxLength}
            {...form.getInputProps("name")}
          />
          <Button type="submit" loading={create.isPending}>
            {t("appPasswords.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AppPasswordTable({ items }: { items: AppPassword[] }) {
  const { t, i18n } = useTranslation();
  const revoke = useRevokeAppPassword();
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("appPasswords.empty")}
      </Text>
    );
  }
  const dateTime = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: "medium", timeStyle: "short" });
  const confirmRevoke = (item: AppPassword) =>
    modals.openConfirmModal({
      title: t("appPasswords.revokeTitle"),
      children: t("appPasswords.revokeQuestion", { name: item.name }),
      labels: { confirm: t("appPasswords.revoke"), cancel: t("common.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () => revoke.mutate(item.id, toastOutcome(t("appPasswords.revoked"))),
    });
  return (
    <Table aria-label={t("appPasswords.title")}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("appPasswords.name")}</Table.Th>
          <Table.Th>{t("appPasswords.createdAt")}</Table.Th>
          <Table.Th>{t("appPasswords.lastUsedAt")}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td>{item.name}</Table.Td>
            <Table.Td>{dateTime.format(new Date(item.createdAt))}</Table.Td>
            <Table.Td>{item.lastUsedAt ? dateTime.format(new Date(item.lastUsedAt)) : t("appPasswords.neverUsed")}</Table.Td>
            <Table.Td>
              <Tooltip label={t("appPasswords.revoke")}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t("appPasswords.revokeNamed", { name: item.name })}
                  onClick={() => confirmRevoke(item)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
