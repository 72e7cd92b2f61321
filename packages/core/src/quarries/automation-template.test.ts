import { describe, expect, it } from 'vitest';
import {
  AUTOMATION_TEMPLATE_DEFAULTS,
  AutomationTemplateSchema,
  readAutomationTemplate,
} from './automation-template.js';

describe('the automation settings template', () => {
  it('starts from the default like, follow and unfollow bounds', () => {
    const t = AUTOMATION_TEMPLATE_DEFAULTS;
    expect([t.delimitLiking.min, t.delimitLiking.max]).toEqual([2, 500]);
    expect([t.likeByTags.min, t.likeByTags.max, t.likeByTags.sample]).toEqual([20, 25, 10]);
    expect([t.userInteract.amount, t.userInteract.percentage]).toEqual([3, 20]);
    expect([t.unfollow.min, t.unfollow.max, t.unfollow.after_days]).toEqual([245, 250, 5]);
    expect(t.relationshipBounds).toMatchObject({
      min_following: 20,
      max_following: 5000,
      max_followers: 99_999_999,
      potency_ratio: 0.2,
    });
    expect(t.enabled).toBe(false);
  });

  it('carries every field of the template', () => {
    expect(Object.keys(AUTOMATION_TEMPLATE_DEFAULTS).sort()).toEqual(
      [
        'delimitLiking',
        'skipUsers',
        'doLike',
        'doFollow',
        'likeByTags',
        'userInteract',
        'mandatoryLanguage',
        'relationshipBounds',
        'unfollow',
        'userInfo',
        'badwords',
        'hashtags',
        'blacklist',
        'title',
        'enabled',
      ].sort(),
    );
  });

  it('fills what a partial document leaves out', () => {
    const parsed = AutomationTemplateSchema.parse({ unfollow: { enabled: true }, badwords: ['spam'] });
    expect(parsed.unfollow).toEqual({ ...AUTOMATION_TEMPLATE_DEFAULTS.unfollow, enabled: true });
    expect(parsed.badwords).toEqual(['spam']);
    expect(parsed.likeByTags).toEqual(AUTOMATION_TEMPLATE_DEFAULTS.likeByTags);
  });

  it('rejects unknown fields, wrong types, out-of-range numbers and min above max', () => {
    const bad = [
      { password: 'secret' },
      { userInfo: { username: 'me', password: 'secret' } },
      { doLike: { percentage: 101 } },
      { doFollow: { enabled: 'yes' } },
      { likeByTags: { min: 30, max: 25 } },
      { relationshipBounds: { min_following: 6000 } },
      { mandatoryLanguage: { character_set: ['KLINGON'] } },
      { userInfo: { proxy_port: 70_000 } },
    ];
    for (const document of bad)
      expect(AutomationTemplateSchema.safeParse(document).success, JSON.stringify(document)).toBe(false);
  });

  it('reads back a stored document, or the defaults when it no longer validates', () => {
    expect(readAutomationTemplate({ title: 'Mine' }).title).toBe('Mine');
    expect(readAutomationTemplate({ doLike: { percentage: 'lots' } })).toEqual(AUTOMATION_TEMPLATE_DEFAULTS);
    expect(readAutomationTemplate(null)).toEqual(AUTOMATION_TEMPLATE_DEFAULTS);
  });
});
