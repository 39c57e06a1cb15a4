// Between the tag editor's form values and the API body.
import { TAG_DEFAULT_COLOR, TAG_DEFAULT_SCOPE, type Tag, type TagBody } from "@repox/contracts";

export type TagFormValues = { name: string; description: string; color: string; scope: string };

export function tagFormValues(tag: Tag | null): TagFormValues {
  return {
    name: tag?.name ?? "",
    description: tag?.description ?? "",
    color: tag?.color ?? TAG_DEFAULT_COLOR,
    scope: tag?.scope ?? TAG_DEFAULT_SCOPE,
  };
}

export function toTagBody(values: TagFormValues): TagBody {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    color: values.color.trim(),
    scope: values.scope.trim().toLowerCase() || TAG_DEFAULT_SCOPE,
  };
}
