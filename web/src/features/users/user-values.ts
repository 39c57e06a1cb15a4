// Between the user dialog's form values and the API bodies; the password exists only when creating (spec 2).
import type { User, UserCreateBody, UserUpdateBody } from "@repox/contracts";

export type UserFormValues = {
  firstname: string;
  lastname: string;
  username: string;
  email: string;
  password: string;
  locked: boolean;
  /** Group ids as strings, the way a multi-select holds them. */
  groups: string[];
};

export function userFormValues(user: User | null): UserFormValues {
  return {
    firstname: user?.firstname ?? "",
    lastname: user?.lastname ?? "",
    username: user?.username ?? "",
    email: user?.email ?? "",
    password: "",
    locked: user?.locked ?? false,
    groups: user?.groups.map((group) => String(group.id)) ?? [],
  };
}

export function toUserUpdateBody(values: UserFormValues): UserUpdateBody {
  return {
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    username: values.username.trim(),
    email: values.email.trim(),
    locked: values.locked,
    groups: values.groups.map(Number),
  };
}

export function toUserCreateBody(values: UserFormValues): UserCreateBody {
  return { ...toUserUpdateBody(values), groups: values.groups.map(Number), password: values.password };
}

export function fullName(user: { firstname: string; lastname: string; username: string }): string {
  return `${user.firstname} ${user.lastname}`.trim() || user.username;
}
