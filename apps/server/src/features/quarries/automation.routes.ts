import { AutomationTemplateResponseSchema } from '@tagscout/core/api';
import { AutomationTemplateSchema } from '@tagscout/core/quarries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getAutomationTemplate, putAutomationTemplate } from './automation.service.js';
import type { QuarriesContext } from './quarries.context.js';
import { audit, quarryErrors, quarryTags } from './quarries.http.js';

/** The automation settings template (docs/product-rules.md#prospecting): stored per account, validated, driving nothing. */
export function registerAutomationRoutes(parent: FastifyInstance, deps: { context: QuarriesContext }): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { context } = deps;

  app.get(
    '/quarries/automation-template',
    {
      schema: {
        tags: quarryTags,
        summary: "The account's automation settings template, or the defaults until it saves one",
        response: { 200: AutomationTemplateResponseSchema, ...quarryErrors },
      },
    },
    async (request) => getAutomationTemplate(context, request.viewer),
  );

  app.put(
    '/quarries/automation-template',
    {
      schema: {
        tags: quarryTags,
        summary: 'Saves the whole template (fields left out take their defaults); it automates nothing',
        body: AutomationTemplateSchema,
        response: { 200: AutomationTemplateResponseSchema, ...quarryErrors },
      },
    },
    async (request) => {
      const saved = await putAutomationTemplate(context, request.viewer, request.body);
      audit(request, 'automation_template.save');
      return saved;
    },
  );
}
