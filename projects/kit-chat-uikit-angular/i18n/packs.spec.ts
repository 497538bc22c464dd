import {existsSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {
  KIT_LANGUAGES,
  KitLanguagePack,
  kitDurationIn,
  loadKitLanguage,
} from 'kit-chat-uikit-angular/i18n';
import {ar} from 'kit-chat-uikit-angular/i18n/ar';
import {en} from 'kit-chat-uikit-angular/i18n/en';
import {ru} from 'kit-chat-uikit-angular/i18n/ru';

type Part = Exclude<keyof KitLanguagePack, 'locale' | 'dir'>;
const PARTS: Part[] = [
  'calls',
  'readiness',
  'dock',
  'devices',
  'buttons',
  'selfView',
  'keypad',
  'preview',
  'hold',
  'push',
  'log',
  'group',
];

/** Every text of a pack, by `part.key`: the strings, and what each function says for a sample. */
function textsOf(pack: KitLanguagePack): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const part of PARTS) {
    for (const [key, value] of Object.entries(pack[part])) {
      texts[`${part}.${key}`] =
        typeof value === 'string'
          ? value
          : key === 'movedTo'
            ? (value as (v: string, h: string) => string)('top', 'left')
            : (value as (a: unknown, b: unknown, c?: unknown) => string)(
                ['callingPeople', 'missedCount', 'peopleCount', 'more', 'moreLabel'].includes(key)
                  ? 4
                  : 'Ada',
                2,
                true,
              );
    }
  }
  return texts;
}

describe('kit-chat-uikit-angular/i18n packs', () => {
  const english = textsOf(en);

  it('should load every language, each from its own module, and refuse one it has not', async () => {
    const packs = await Promise.all(KIT_LANGUAGES.map(code => loadKitLanguage(code)));

    expect(packs.map(pack => pack.locale)).toEqual([...KIT_LANGUAGES]);
    expect(packs.filter(pack => pack.dir === 'rtl').map(pack => pack.locale)).toEqual(['ar', 'he']);
    await expect(loadKitLanguage('xx' as 'de')).rejects.toThrow('No language pack for "xx"');
    // A tag read from storage or a URL that names an Object member is refused the same way, never thrown.
    for (const tag of ['constructor', 'toString', '__proto__']) {
      await expect(loadKitLanguage(tag as 'de')).rejects.toThrow(`No language pack for "${tag}"`);
    }
  });

  it('should list every pack the entry ships in KIT_LANGUAGES (a language picker reads it)', () => {
    const folders = readdirSync(__dirname).filter(name =>
      existsSync(join(__dirname, name, 'pack.ts')),
    );
    expect(KIT_LANGUAGES.map(code => code.toLowerCase()).sort()).toEqual(folders.sort());
  });

  it.each(KIT_LANGUAGES.filter(code => code !== 'en'))(
    'should say every text of the kit in %s: none empty, nearly all unlike English',
    async code => {
      const texts = textsOf(await loadKitLanguage(code));

      expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
      expect(Object.entries(texts).filter(([, text]) => !text.trim())).toEqual([]);
      const same = Object.keys(texts).filter(key => texts[key] === english[key]);
      expect(same.length).toBeLessThanOrEqual(Object.keys(texts).length * 0.1);
    },
  );

  it('should put the name into every label that names the other person', async () => {
    for (const code of KIT_LANGUAGES) {
      const {calls, buttons} = await loadKitLanguage(code);
      const labels = [
        buttons.callTo('Ada', true),
        buttons.callTo('Ada'),
        buttons.inCallWith('Ada'),
        calls.acceptCallFrom('Ada', true),
        calls.declineCallFrom('Ada'),
        calls.endAndAcceptCallFrom('Ada', false),
        calls.endCallWith('Ada'),
        calls.callingName('Ada'),
        calls.incomingCallFrom('Ada', true),
        calls.inCallWith('Ada'),
      ];
      expect(labels.filter(label => !label.includes('Ada'))).toEqual([]);
      // Voice and video calls are told apart.
      expect(calls.acceptCallFrom('Ada', true)).not.toBe(calls.acceptCallFrom('Ada', false));
      expect(buttons.callTo('Ada', true)).not.toBe(buttons.callTo('Ada', false));
    }
  });

  it("should pick Arabic's plural forms, with the digits of Arabic's locale", () => {
    const say = ar.calls.callingPeople;
    const digits = (value: number) => new Intl.NumberFormat('ar').format(value);

    expect(say(1)).toBe('جارٍ الاتصال بشخص واحد');
    expect(say(2)).toBe('جارٍ الاتصال بشخصين');
    expect(say(3)).toBe(`جارٍ الاتصال بـ${digits(3)} أشخاص`);
    expect(say(11)).toBe(`جارٍ الاتصال بـ${digits(11)} شخصًا`);
    expect(say(100)).toBe(`جارٍ الاتصال بـ${digits(100)} شخص`);
    expect(ar.devices.unnamedDevice('الميكروفون', 2)).toBe(`الميكروفون ${digits(2)}`);
  });

  it("should write the call's length in the locale's own digits", () => {
    expect(kitDurationIn('fa')(3600 + 65)).toBe('۱:۰۱:۰۵');
    expect(kitDurationIn('ar-EG')(247)).toBe('٠٤:٠٧');
    expect(en.calls.duration?.(247)).toBe('04:07');
    expect(ar.calls.duration?.(-1)).toBe(
      new Intl.NumberFormat('ar').format(0).repeat(2) +
        ':' +
        new Intl.NumberFormat('ar').format(0).repeat(2),
    );
  });

  it("should pick Russian's plural forms", () => {
    const say = ru.calls.callingPeople;

    expect([1, 21].map(say)).toEqual(['Вызов: 1 участник', 'Вызов: 21 участник']);
    expect([3, 24].map(say)).toEqual(['Вызов: 3 участника', 'Вызов: 24 участника']);
    expect([5, 11, 100].map(say)).toEqual([
      'Вызов: 5 участников',
      'Вызов: 11 участников',
      'Вызов: 100 участников',
    ]);
  });

  it("should count the people of a group call in the language's plural forms", () => {
    expect([1, 3, 5, 21].map(ru.group.peopleCount)).toEqual([
      '1 человек',
      '3 человека',
      '5 человек',
      '21 человек',
    ]);
    expect([1, 2, 3].map(ar.group.peopleCount)).toEqual([
      'شخص واحد',
      'شخصان',
      `${new Intl.NumberFormat('ar').format(3)} أشخاص`,
    ]);
    expect([1, 4].map(en.group.callingPeople)).toEqual(['Calling 1 person…', 'Calling 4 people…']);
    expect(en.group.tile('Alan', true, true)).toBe('Alan, muted, speaking');
  });
});
