// Every content-model route: namespaces, qualifiers, property groups, property types, properties, container and
// datastream types, the languages list, and content-model export and import.
import { Language } from "@repox/contracts";
import { z } from "zod";
import type { App } from "../../platform/http/types.ts";
import { groupRoutes } from "./groups.routes.ts";
import { namespaceRoutes } from "./namespaces.routes.ts";
import { propertyRoutes } from "./properties.routes.ts";
import { qualifierRoutes } from "./qualifiers.routes.ts";
import { errors, read } from "./route-access.ts";
import type { ContentModelService } from "./service.ts";
import { transferRoutes } from "./transfer.routes.ts";
import { typeRoutes } from "./types.routes.ts";

export function contentModelRoutes(app: App, model: ContentModelService) {
  app.get(
    "/api/utility/languages",
    { config: read, schema: { tags: ["Content model: qualifiers"], response: { 200: z.array(Language), ...errors } } },
    () => model.languages(),
  );
  namespaceRoutes(app, model);
  qualifierRoutes(app, model);
  groupRoutes(app, model);
  propertyRoutes(app, model);
  typeRoutes(app, model);
  transferRoutes(app, model);
}
