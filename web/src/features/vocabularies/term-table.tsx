// The terms of one page: Term ID, Label and Term URI (a link), with edit and delete for editors.
import { ActionIcon, Anchor, Group, Table } from "@mantine/core";
import type { Term } from "@repox/contracts";
import { IconEdit, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

type Props = { terms: Term[]; canEdit: boolean; onEdit: (term: Term) => void; onDelete: (term: Term) => void };

export function TermTable({ terms, canEdit, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("terms.termId")}</Table.Th>
            <Table.Th>{t("terms.label")}</Table.Th>
            <Table.Th>{t("terms.termUri")}</Table.Th>
            {canEdit && <Table.Th w={90}>{t("terms.actions")}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {terms.map((term) => (
            <Table.Tr key={term.termId}>
              <Table.Td ff="monospace">{term.termId}</Table.Td>
              <Table.Td>{term.label}</Table.Td>
              <Table.Td>
                {term.termUri && (
                  <Anchor href={term.termUri} target="_blank" rel="noopener noreferrer" size="sm">
                    {term.termUri}
                  </Anchor>
                )}
              </Table.Td>
              {canEdit && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={t("terms.edit", { label: term.label })} onClick={() => onEdit(term)}>
                      <IconEdit size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("terms.delete", { label: term.label })}
                      onClick={() => onDelete(term)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
