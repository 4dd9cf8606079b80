import type { FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { REFUSAL } from "../../src/core/wire/schema.js";

/** Where the interactive reference lives; its OpenAPI document is at DOCS_PATH/json (and /yaml). */
export const DOCS_PATH = "/docs";

const DESCRIPTION = `The paper broker of Tape speaks the broker's API contract (the spec's calls, under the same-origin
service prefixes /auth, /core, /wrapper, /sso, /span, /charts), plus the calls Tape adds. Every call
here is generated from its one schema in src/core/wire: what this page shows is what the broker
validates and sends.

**The envelope.** Every answer is \`{ status, message, result }\`: status \`"Ok"\` and message
\`"Success"\` on success, or an EC code and its text; \`result\` is always an array. A business error
(a refused order, an unknown watchlist, a malformed request) is **HTTP 200** with the EC status; a
missing, bad or expired bearer is **HTTP 401** with \`EC044\`; an unknown route is 404 \`EC404\`.

**Authentication.** Sign in through the /auth calls (or, on a broker started with DEV_SESSION=1,
\`POST /dev/session\`); the \`accessToken\` of the answer is the bearer (\`Authorization: Bearer …\`)
of every /core, /wrapper, /span and /charts call. Every /auth call but \`get/encKey\` and
\`client/verify\` is encrypted: its body is \`{ cEncData }\` and its answer \`{ cRespEncData }\`
(DESIGN.md section 5); the JSON sealed inside each is documented with the call.

**Wrapper calls** (/wrapper) take the spec's \`{ head, body }\` request; the user is the bearer's,
never the head's LoginId.

**Refusals.** A request its schema refuses is answered with the call's own code: the schema part
that failed names it in \`${REFUSAL}\` (its code, and its message where the call has a fixed one);
where no part names one, the code is \`EC400\` "Bad request".`;

/** The OpenAPI document (@fastify/swagger, from every route's schema) and its reference page, served from node_modules: no CDN. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Tape paper broker", version: "1.0.0", description: DESCRIPTION },
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer", description: "The accessToken of a sign-in (otp/validate, topt/verify, sso/getToken, or /dev/session)" },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PATH, uiConfig: { deepLinking: true, docExpansion: "list", defaultModelsExpandDepth: 0 } });
}
