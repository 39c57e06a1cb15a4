// The story viewer's calls (spec 3 §2 /repox-story/{uuid}): the story to play, with a signed link for each picture, and
// those pictures' bytes. repox.stories.show; the picture route also answers the links the view hands out.
import { ErrorBody, PERMISSIONS, StoryParams, StoryPictureParams, StoryView } from "@repox/contracts";
import { storedFileAnswers } from "../../platform/http/openapi-answers.ts";
import type { App } from "../../platform/http/types.ts";
import { sendContent } from "../datastreams/content-delivery.ts";
import { previewPresentation } from "../datastreams/presentation.ts";
import type { StoryViewService } from "./story-view.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export function storyViewRoutes(app: App, stories: StoryViewService) {
  const tags = ["Stories"];
  app.get(
    "/api/stories/:id/view",
    { config: { access: PERMISSIONS.storiesShow }, schema: { tags, params: StoryParams, response: { 200: StoryView, ...errors } } },
    (req) => stories.view(req.ctx, req.params.id),
  );
  app.get(
    "/api/stories/:id/pictures/:from/:uuid",
    {
      config: { access: "signed-url" },
      schema: {
        tags,
        params: StoryPictureParams,
        response: { ...errors, 416: ErrorBody },
        documented: storedFileAnswers("The picture"),
      },
    },
    async (req, reply) => {
      const file = await stories.picture(req.ctx, req.params.id, req.params.from, req.params.uuid);
      return sendContent(req, reply, file, previewPresentation(file.mimeType));
    },
  );
}
