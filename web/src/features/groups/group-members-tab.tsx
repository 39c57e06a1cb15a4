// Members: the group's users with a count, and a server-paged, first-name-sorted list to assign users from.
import { ActionIcon, Badge, Checkbox, Group, Stack, Table, Text, Title } from "@mantine/core";
import { LIMITS, type User, type UserMember } from "@repox/contracts";
import { IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LabelledPagination, ListPagination } from "../../components/list-pagination.tsx";
import { pageOfRows } from "../../components/page-of-rows.ts";
import { QueryStatus } from "../../components/query-status.tsx";
import { SearchField } from "../../components/search-field.tsx";
import { useUsers } from "../users/api.ts";
import { fullName } from "../users/user-values.ts";
import { toggleMember } from "./group-values.ts";

type Props = { members: UserMember[]; onChange: (members: UserMember[]) => void };

export function GroupMembersTab({ members, onChange }: Props) {
  return (
    <Stack gap="xl">
      <MemberList members={members} onRemove={(member) => onChange(toggleMember(members, member, false))} />
      <AssignUsers members={members} onToggle={(user, isMember) => onChange(toggleMember(members, user, isMember))} />
    </Stack>
  );
}

const MEMBERS_PER_PAGE = LIMITS.defaultPageSize;

function MemberList({ members, onRemove }: { members: UserMember[]; onRemove: (member: UserMember) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const shown = pageOfRows(members, page, MEMBERS_PER_PAGE);

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Title order={4}>{t("groups.members")}</Title>
        <Badge variant="light">{members.length}</Badge>
      </Group>
      {members.length === 0 ? (
        <Text c="dimmed">{t("groups.noMembers")}</Text>
      ) : (
        <>
          <Table>
            <Table.Tbody>
              {shown.rows.map((member) => (
                <Table.Tr key={member.uuid}>
                  <Table.Td>{fullName(member)}</Table.Td>
                  <Table.Td>{member.username}</Table.Td>
                  <Table.Td>{member.email}</Table.Td>
                  <Table.Td w={40}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("groups.removeMember", { name: fullName(member) })}
                      onClick={() => onRemove(member)}
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {shown.total > 1 && <LabelledPagination size="sm" total={shown.total} value={shown.page} onChange={setPage} />}
        </>
      )}
    </Stack>
  );
}

function AssignUsers({ members, onToggle }: { members: UserMember[]; onToggle: (user: UserMember, isMember: boolean) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [q, setQ] = useState("");
  const users = useUsers({ page, size: LIMITS.defaultPageSize, q });
  const memberIds = new Set(members.map((member) => member.uuid));

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={4}>{t("groups.assignTitle")}</Title>
        <SearchField
          label={t("groups.assignSearch")}
          onSearch={(text) => {
            setQ(text);
            setPage(0);
          }}
        />
      </Group>
      {users.data ? (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40} />
                  <Table.Th>{t("groups.firstname")}</Table.Th>
                  <Table.Th>{t("groups.lastname")}</Table.Th>
                  <Table.Th>{t("groups.username")}</Table.Th>
                  <Table.Th>{t("groups.email")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data.content.map((user) => (
                  <Table.Tr key={user.uuid}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t("groups.assignUser", { name: fullName(user), username: user.username, email: user.email })}
                        checked={memberIds.has(user.uuid)}
                        onChange={(event) => onToggle(toMember(user), event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>{user.firstname}</Table.Td>
                    <Table.Td>{user.lastname}</Table.Td>
                    <Table.Td>{user.username}</Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination page={users.data} onChange={setPage} />
        </>
      ) : (
        <QueryStatus isLoading={users.isLoading} error={users.error} />
      )}
    </Stack>
  );
}

function toMember({ uuid, username, firstname, lastname, email }: User): UserMember {
  return { uuid, username, firstname, lastname, email };
}
