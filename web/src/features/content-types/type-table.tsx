// Types as a table: Name, Code, Layout and, for container types, Allowed at root; editors may delete from a row.
import { ActionIcon, Anchor, Table, VisuallyHidden } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TypeSummary } from "./api.ts";
import { type TypeKind, typeRoute } from "./type-kinds.ts";

type Props = { kind: TypeKind; types: TypeSummary[]; onDelete: ((type: TypeSummary) => void) | undefined };

export function TypeTable({ kind, types, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("contentTypes.name")}</Table.Th>
            <Table.Th>{t("contentTypes.code")}</Table.Th>
            <Table.Th>{t("contentTypes.layout")}</Table.Th>
            {kind === "container" && <Table.Th>{t("contentTypes.allowedAtRoot")}</Table.Th>}
            {onDelete && (
              <Table.Th w={60}>
                <VisuallyHidden>{t("contentTypes.actions")}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {types.map((type) => (
            <Table.Tr key={type.code}>
              <Table.Td>
                <Anchor component={Link} to={typeRoute(kind, type.code)}>
                  {type.name}
                </Anchor>
              </Table.Td>
              <Table.Td ff="monospace">{type.code}</Table.Td>
              <Table.Td>{t(`contentTypes.layouts.${type.layout}`)}</Table.Td>
              {kind === "container" && (
                <Table.Td>{"allowedAtRoot" in type && type.allowedAtRoot ? t("contentTypes.yes") : t("contentTypes.no")}</Table.Td>
              )}
              {onDelete && (
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t("contentTypes.deleteType", { name: type.name })}
                    onClick={() => onDelete(type)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
