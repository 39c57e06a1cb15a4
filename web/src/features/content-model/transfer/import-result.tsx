// What an import did: the created, skipped (already present) and refused items of the file, refusals with the reason.
import { Alert, Badge, Group, ScrollArea, Stack, Table, Text, Title } from "@mantine/core";
import type { ContentModelImportResult, ContentModelItem } from "@repox/contracts";
import { useTranslation } from "react-i18next";

type Row = { item: ContentModelItem; reason?: string };

function ItemSection({ title, color, rows }: { title: string; color: string; rows: Row[] }) {
  const { t } = useTranslation();
  const hasReasons = rows.some((row) => row.reason);
  return (
    <section aria-label={title}>
      <Group gap="xs" mb={4}>
        <Title order={4}>{title}</Title>
        <Badge color={color} variant="light">
          {rows.length}
        </Badge>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("contentModel.import.none")}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("contentModel.import.kind")}</Table.Th>
              <Table.Th>{t("contentModel.import.code")}</Table.Th>
              {hasReasons && <Table.Th>{t("contentModel.import.reason")}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ item, reason }) => (
              <Table.Tr key={`${item.kind}:${item.code}`}>
                <Table.Td>{t(`contentModel.import.kinds.${item.kind}`)}</Table.Td>
                <Table.Td>{item.code}</Table.Td>
                {hasReasons && <Table.Td>{reason}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}

export function ImportResult({ result }: { result: ContentModelImportResult }) {
  const { t } = useTranslation();
  const counts = { created: result.created.length, skipped: result.skipped.length, refused: result.refused.length };
  return (
    <Stack>
      <Alert color={counts.refused > 0 ? "yellow" : "teal"}>{t("contentModel.import.summary", counts)}</Alert>
      <ScrollArea.Autosize mah="55vh">
        <Stack>
          <ItemSection title={t("contentModel.import.created")} color="teal" rows={result.created.map((item) => ({ item }))} />
          <ItemSection title={t("contentModel.import.skipped")} color="gray" rows={result.skipped.map((item) => ({ item }))} />
          <ItemSection title={t("contentModel.import.refused")} color="red" rows={result.refused} />
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
