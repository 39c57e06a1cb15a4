// /settings/content-model/dublin-core: what OAI-PMH harvesters get (issue 16, docs/standards.md) — the properties
// each of the 15 Dublin Core elements is filled from, the container types whose published containers are sets, and
// the address Identify gives; with the endpoint to hand to an aggregator.
import { Alert, Button, Card, Group, MultiSelect, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { DUBLIN_CORE_ELEMENTS, type DublinCoreMapping, type OaiSettings, PERMISSIONS } from "@repox/contracts";
import { IconInfoCircle } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../api/errors.ts";
import { ALL_OPTIONS } from "../../../api/list-params.ts";
import { CopyText } from "../../../components/copy-text.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { QueryStatus } from "../../../components/query-status.tsx";
import { showSuccess } from "../../../components/toast.ts";
import { useMyPermissions } from "../../auth/permissions.ts";
import { useTypeOptions } from "../../content-types/api.ts";
import { useProperties } from "../properties/api.ts";
import { ContentModelBreadcrumbs } from "../shared/content-model-breadcrumbs.tsx";
import { useOaiSettings, useSaveOaiSettings } from "./api.ts";

export function DublinCorePage() {
  const { t } = useTranslation();
  const settings = useOaiSettings();
  return (
    <>
      <ContentModelBreadcrumbs current={t("contentModel.dublinCore.title")} />
      <PageHeader title={t("contentModel.dublinCore.title")} />
      <QueryStatus isLoading={settings.isLoading} error={settings.error} />
      {settings.data && <DublinCoreForm key={JSON.stringify(settings.data)} settings={settings.data} />}
    </>
  );
}

function DublinCoreForm({ settings }: { settings: OaiSettings }) {
  const { t } = useTranslation();
  const { can } = useMyPermissions();
  const canEdit = can(PERMISSIONS.settingsContentModelEdit);
  const properties = useProperties(ALL_OPTIONS);
  const types = useTypeOptions("container");
  const save = useSaveOaiSettings();
  const [mapping, setMapping] = useState<DublinCoreMapping>(settings.dublinCore);
  const [collectionTypes, setCollectionTypes] = useState(settings.collectionTypes);
  const [adminEmail, setAdminEmail] = useState(settings.adminEmail);

  const propertyOptions = (properties.data?.content ?? []).map((property) => ({
    value: property.propertyKey,
    label: `${property.displayName} (${property.propertyKey})`,
  }));
  const typeOptions = (types.data?.content ?? []).map((type) => ({ value: type.code, label: type.name }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ dublinCore: mapping, collectionTypes, adminEmail }, { onSuccess: () => showSuccess(t("toast.updated")) });
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <Card withBorder>
          <Stack gap="xs">
            <Text fw={600}>{t("contentModel.dublinCore.endpoint")}</Text>
            <Group gap="xs" wrap="nowrap">
              <Text ff="monospace" size="sm" style={{ overflowWrap: "anywhere" }} data-testid="oai-endpoint">
                {settings.baseUrl}
              </Text>
              <CopyText value={settings.baseUrl} />
            </Group>
            <Text size="sm" c="dimmed">
              {t("contentModel.dublinCore.endpointHint")}
            </Text>
          </Stack>
        </Card>
        {!settings.customized && (
          <Alert icon={<IconInfoCircle size={18} />} color="blue">
            {t("contentModel.dublinCore.suggested")}
          </Alert>
        )}
        {save.error ? <Alert color="red">{errorText(save.error)}</Alert> : null}
        <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <TextInput
              label={t("contentModel.dublinCore.adminEmail")}
              description={t("contentModel.dublinCore.adminEmailHint")}
              type="email"
              required
              value={adminEmail}
              onChange={(event) => setAdminEmail(event.currentTarget.value)}
            />
            <MultiSelect
              label={t("contentModel.dublinCore.collections")}
              description={t("contentModel.dublinCore.collectionsHint")}
              data={typeOptions}
              value={collectionTypes}
              onChange={setCollectionTypes}
              searchable
              clearable
            />
            <Text fw={600} mt="sm">
              {t("contentModel.dublinCore.elements")}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {DUBLIN_CORE_ELEMENTS.map((element) => (
                <MultiSelect
                  key={element}
                  label={`dc:${element}`}
                  description={t(`contentModel.dublinCore.element.${element}`)}
                  placeholder={t("contentModel.dublinCore.noProperty")}
                  data={propertyOptions}
                  value={mapping[element]}
                  onChange={(keys) => setMapping((current) => ({ ...current, [element]: keys }))}
                  searchable
                  clearable
                />
              ))}
            </SimpleGrid>
          </Stack>
        </fieldset>
        {canEdit && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t("common.save")}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
