// Users as a table: name, username, e-mail, groups.
import { Anchor, Badge, Table } from "@mantine/core";
import type { User } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { fullName } from "./user-values.ts";

export function UserTable({ users }: { users: User[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("users.name")}</Table.Th>
            <Table.Th>{t("users.username")}</Table.Th>
            <Table.Th>{t("users.email")}</Table.Th>
            <Table.Th>{t("users.groups")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.uuid}>
              <Table.Td>
                <Anchor component={Link} to={`/settings/users/${user.uuid}`}>
                  {fullName(user)}
                </Anchor>
                {user.locked && (
                  <Badge ml="xs" size="xs" color="red" variant="light">
                    {t("users.lockedBadge")}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{user.username}</Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>{user.groups.map((group) => group.name).join(", ")}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
