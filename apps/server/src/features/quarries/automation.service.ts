import type { AutomationTemplateResponse } from '@tagscout/core/api';
import { type AutomationTemplate, readAutomationTemplate } from '@tagscout/core/quarries';
import { type Actor, adminOwnerId, type QuarriesContext, toIso } from './quarries.context.js';
import { findAutomationTemplate, saveAutomationTemplate } from './quarries.repository.js';

/** The account's automation settings template, or the defaults until it saves one. */
export async function getAutomationTemplate(
  context: QuarriesContext,
  actor: Actor,
): Promise<AutomationTemplateResponse> {
  const ownerId = adminOwnerId(actor);
  const row = await findAutomationTemplate(context.database, ownerId);
  return {
    template: readAutomationTemplate(row ? parseJson(row.document) : undefined),
    updated_at: row ? toIso(Number(row.updated_at)) : null,
  };
}

/** Stores the validated document whole. It drives nothing: no likes, follows or unfollows are made. */
export async function putAutomationTemplate(
  context: QuarriesContext,
  actor: Actor,
  template: AutomationTemplate,
): Promise<AutomationTemplateResponse> {
  const ownerId = adminOwnerId(actor);
  await saveAutomationTemplate(context.database, {
    ownerId,
    document: JSON.stringify(template),
    now: context.now(),
  });
  return getAutomationTemplate(context, actor);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
