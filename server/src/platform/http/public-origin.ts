// For public answers that name their own addresses (OAI-PMH, IIIF) and that viewers on other sites read.
import type { FastifyReply, FastifyRequest } from "fastify";

/** The scheme, host and port the caller used: `https://repox.example.org`. */
export const requestOrigin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/** Readable by any site (CORS) and embeddable cross-origin: helmet's same-origin resource policy would stop pictures. */
export function openToEveryOrigin(reply: FastifyReply): FastifyReply {
  return reply.header("access-control-allow-origin", "*").header("cross-origin-resource-policy", "cross-origin");
}
