import { describe, expect, it } from 'vitest';
import { localeFallbacks, localisedText, localisedTextsSchema } from '../src/localised';

describe('content texts by locale (docs/localisation.md)', () => {
  it('looks in the locale, its language, then the default locale', () => {
    expect(localeFallbacks('fr-CA')).toEqual(['fr-CA', 'fr', 'en']);
    expect(localeFallbacks('en-AU')).toEqual(['en-AU', 'en']);
    expect(localeFallbacks('de')).toEqual(['de', 'en']);
    expect(localeFallbacks('en')).toEqual(['en']);
  });

  it('picks each field on its own, the content’s own text last', () => {
    const texts = { fr: { title: 'Cadeau', description: 'Un cadeau.' }, 'fr-CA': { title: 'Cadeau estival' } };
    expect(localisedText(texts, 'title', 'fr-CA', 'Gift')).toBe('Cadeau estival');
    expect(localisedText(texts, 'description', 'fr-CA', 'A gift.')).toBe('Un cadeau.');
    expect(localisedText(texts, 'title', 'de', 'Gift')).toBe('Gift');
    expect(localisedText({}, 'title', 'en-NZ', 'Gift')).toBe('Gift');
  });

  it('refuses a malformed locale key and an empty title', () => {
    expect(localisedTextsSchema.safeParse({ german: { title: 'x' } }).success).toBe(false);
    expect(localisedTextsSchema.safeParse({ de: { title: ' ' } }).success).toBe(false);
    expect(localisedTextsSchema.parse(undefined)).toEqual({});
  });
});
