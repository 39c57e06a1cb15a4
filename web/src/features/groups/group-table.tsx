// Groups as a table with a Name column (spec 2 "Groups").
import { Anchor, Table } from "@mantine/core";
import type { Group } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function GroupTable({ groups }: { groups: Group[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("groups.name")}</Table.Th>
            <Table.Th>{t("groups.description")}</Table.Th>
            <Table.Th>{t("groups.members")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Table.Tr key={group.id}>
              <Table.Td>
                <Anchor component={Link} to={`/settings/groups/${group.id}`}>
                  {group.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{group.description}</Table.Td>
              <Table.Td>{group.users.length}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
