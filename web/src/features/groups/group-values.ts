// Between the group editor's form values and the API bodies (spec 2 "Groups", §7).
import type { Group, GroupCreateBody, GroupUpdateBody, UserMember } from "@repox/contracts";

export type GroupFormValues = {
  name: string;
  description: string;
  users: UserMember[];
  iamPermissions: string[];
};

export function groupFormValues(group: Group | null): GroupFormValues {
  return {
    name: group?.name ?? "",
    description: group?.description ?? "",
    users: group?.users ?? [],
    iamPermissions: group?.iamPermissions ?? [],
  };
}

/** Creating sends name, description and users; permissions are granted once the group exists. */
export function toGroupCreateBody(values: GroupFormValues): GroupCreateBody {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    users: values.users.map((user) => user.uuid),
    iamPermissions: [],
  };
}

export function toGroupUpdateBody(id: number, values: GroupFormValues): GroupUpdateBody {
  return { id, ...toGroupCreateBody(values), iamPermissions: values.iamPermissions };
}

export function toggleMember(members: UserMember[], user: UserMember, isMember: boolean): UserMember[] {
  const others = members.filter((member) => member.uuid !== user.uuid);
  return isMember ? [...others, user] : others;
}

export function toggleCode(codes: string[], code: string, isGranted: boolean): string[] {
  const others = codes.filter((held) => held !== code);
  return isGranted ? [...others, code] : others;
}
