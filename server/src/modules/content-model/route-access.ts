// Who may call the content-model routes: every signed-in user reads the model (the content area needs it);
// changing it and import need the edit permission; export needs the show permission.
import { ErrorBody, PERMISSIONS } from "@repox/contracts";

export const read = { access: "signed-in" } as const;
export const edit = { access: PERMISSIONS.settingsContentModelEdit };
export const show = { access: PERMISSIONS.settingsContentModelShow };
export const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
