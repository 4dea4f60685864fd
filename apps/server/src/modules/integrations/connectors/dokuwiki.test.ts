import { describe, expect, it } from 'vitest';
import type { Outbound } from '../outbound.ts';
import { ConnectorError } from './connector.ts';
import { createDokuwikiConnector, decodeMethodResponse, encodeMethodCall, markdownToDokuwiki } from './dokuwiki.ts';

describe('markdownToDokuwiki', () => {
  const convert = (markdown: string) => markdownToDokuwiki(markdown).trimEnd();

  it('turns headings # … ###### into ====== … ==', () => {
    expect(convert('# One\n## Two\n### Three\n#### Four\n##### Five\n###### Six')).toBe(
      ['====== One ======', '===== Two =====', '==== Three ====', '=== Four ===', '== Five ==', '== Six =='].join('\n'),
    );
    expect(convert('## Closed ##')).toBe('===== Closed =====');
    expect(convert('# **Bold** `code` [link](https://x.example)')).toBe('====== Bold code link ======');
    expect(convert('Title\n===\n\nSub\n---')).toBe('====== Title ======\n\n===== Sub =====');
    expect(convert('#hashtag')).toBe('#hashtag');
  });

  it('keeps bold, turns italics into //…//', () => {
    expect(convert('**bold** and __bold__ and *it* and _it_ and ***both***')).toBe(
      '**bold** and **bold** and //it// and //it// and **//both//**',
    );
    expect(convert('~~struck~~')).toBe('<del>struck</del>');
  });

  it('leaves underscores inside words and URLs alone', () => {
    expect(convert('snake_case_name and aml_policy_2024.pdf')).toBe('snake_case_name and aml_policy_2024.pdf');
    expect(convert('see https://example.org/a_b_c/ now')).toBe('see https://example.org/a_b_c/ now');
    expect(convert('_By anna_smith@example.com_')).toBe('//By anna_smith@example.com//');
  });

  it('turns links into [[url|text]]', () => {
    expect(convert('[FATF](https://www.fatf-gafi.org/en/countries.html)')).toBe(
      '[[https://www.fatf-gafi.org/en/countries.html|FATF]]',
    );
    expect(convert('[*Guide* [2024]](https://x.example/a_(b) "title")')).toBe(
      '[[https://x.example/a_(b)|Guide (2024)]]',
    );
    expect(convert('<https://x.example/a_b_>')).toBe('[[https://x.example/a_b_]]');
    expect(convert('![Logo](https://x.example/logo.png)')).toBe('{{https://x.example/logo.png|Logo}}');
    expect(convert('Citation markers [1] and [2][3] stay.')).toBe('Citation markers [1] and [2][3] stay.');
  });

  it('keeps quotes', () => {
    expect(convert('> a quote\n> second line\n>> nested')).toBe('> a quote\n> second line\n>> nested');
  });

  it('turns lists into DokuWiki lists, nested ones deeper', () => {
    expect(convert('- one\n- two\n  - two a\n    - two a i\n- three')).toBe(
      ['  * one', '  * two', '    * two a', '      * two a i', '  * three'].join('\n'),
    );
    expect(convert('* star\n+ plus')).toBe('  * star\n  * plus');
    expect(convert('1. one\n2. two\n   1. two one\n10. ten')).toBe(
      ['  - one', '  - two', '    - two one', '  - ten'].join('\n'),
    );
  });

  it('keeps a list with blank lines between its items together (numbering would restart)', () => {
    expect(convert('1. one\n\n2. two\n\nAfter')).toBe('  - one\n  - two\n\nAfter');
    expect(convert('- bullet\n\n1. number')).toBe('  * bullet\n\n  - number');
  });

  it('puts text and quotes indented under an item into the item', () => {
    expect(convert('1. [Policy](https://x.example/p)\n   > the quoted passage\n2. Other\n   more text')).toBe(
      '  - [[https://x.example/p|Policy]] \\\\ > the quoted passage\n  - Other \\\\ more text',
    );
  });

  it('turns code into <code> and monospace, their content literal', () => {
    expect(convert('```ts\nconst a = **b** // c;\n  indented\n```')).toBe(
      '<code ts>\nconst a = **b** // c;\n  indented\n</code>',
    );
    expect(convert('```\nunclosed')).toBe('<code>\nunclosed\n</code>');
    expect(convert('run `npm *test*` now')).toBe("run ''%%npm *test*%%'' now");
  });

  it('turns tables and rules', () => {
    expect(convert('| Country | Since |\n|---|:---:|\n| Nigeria | 2023 |\n| A \\| B | |')).toBe(
      '^ Country ^ Since ^\n| Nigeria | 2023 |\n| A %%|%% B |   |',
    );
    expect(convert('a\n\n---\n\n***\n\n- - -')).toBe('a\n\n----\n\n----\n\n----');
  });

  it("keeps DokuWiki's own markup in the text literal", () => {
    expect(convert("a//b, ''q'', [[x]], {{y}}, 100%%, ((f)), and a__b__c")).toBe(
      "a%%//%%b, %%''%%q%%''%%, %%[[%%x%%]]%%, %%{{%%y%%}}%%, 100<nowiki>%%</nowiki>, %%((%%f%%))%%, and a%%__%%b%%__%%c",
    );
    expect(convert('\\*not italic\\*')).toBe('%%*%%not italic%%*%%');
    expect(convert('| not a table')).toBe('%%|%% not a table');
    expect(convert('== not a heading ==')).toBe('%%==%% not a heading ==');
  });

  it('does not indent paragraphs (two spaces start a code block in DokuWiki) and keeps hard breaks', () => {
    expect(convert('    indented text\nline with break  \nnext')).toBe('indented text\nline with break \\\\\nnext');
  });

  it('converts a saved answer as the library writes it', () => {
    const answer = [
      '# Which countries are on the grey list',
      '',
      'The FATF lists **several** countries [1].',
      '',
      '---',
      '',
      '1. [AML policy](https://app.example.com/library/files/1)',
      '   > Customers from listed countries get *enhanced* due diligence.',
      '2. Country list, p. 3',
      '',
      '_Shared by Anna Smith on 25 November 2026_',
      '',
    ].join('\n');
    expect(markdownToDokuwiki(answer)).toBe(
      [
        '====== Which countries are on the grey list ======',
        '',
        'The FATF lists **several** countries [1].',
        '',
        '----',
        '',
        '  - [[https://app.example.com/library/files/1|AML policy]] \\\\ > Customers from listed countries get //enhanced// due diligence.',
        '  - Country list, p. 3',
        '',
        '//Shared by Anna Smith on 25 November 2026//',
        '',
      ].join('\n'),
    );
  });
});

describe('XML-RPC encoding', () => {
  it('encodes strings, numbers, booleans and structs, escaping markup', () => {
    expect(encodeMethodCall('wiki.putPage', ['a<b>&c', 3, 1.5, true, { depth: 0, list: ['x'] }])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<methodCall><methodName>wiki.putPage</methodName><params>' +
        '<param><value><string>a&lt;b&gt;&amp;c</string></value></param>' +
        '<param><value><int>3</int></value></param>' +
        '<param><value><double>1.5</double></value></param>' +
        '<param><value><boolean>1</boolean></value></param>' +
        '<param><value><struct><member><name>depth</name><value><int>0</int></value></member>' +
        '<member><name>list</name><value><array><data><value><string>x</string></value></data></array></value></member>' +
        '</struct></value></param></params></methodCall>\n',
    );
    expect(encodeMethodCall('m', ['bell\u0007 and \ud800 lone'])).toContain('<string>bell and \ufffd lone</string>');
  });

  it('decodes what DokuWiki answers, entities included', () => {
    const xml = `<?xml version="1.0"?>
<methodResponse>
  <params>
    <param>
      <value>
      <array><data>
  <value><struct>
  <member><name>id</name><value><string>0123</string></value></member>
  <member><name>rev</name><value><int>1795651033</int></value></member>
  <member><name>html</name><value><string>&lt;p&gt;a &amp;amp; &#039;b&#039; &quot;c&quot; ü&lt;/p&gt;
</string></value></member>
  <member><name>ok</name><value><boolean>1</boolean></value></member>
  <member><name>plain</name><value>implicit</value></member>
  <member><name>empty</name><value><string></string></value></member>
  <member><name>__proto__</name><value><int>1</int></value></member>
</struct></value>
</data></array>
      </value>
    </param>
  </params>
</methodResponse>`;
    const [page] = decodeMethodResponse(xml, 'dokuwiki.getPagelist') as Record<string, unknown>[];
    expect(page).toMatchObject({
      id: '0123',
      rev: 1795651033,
      html: `<p>a &amp; 'b' "c" ü</p>\n`,
      ok: true,
      plain: 'implicit',
      empty: '',
    });
    expect(Object.getPrototypeOf(page)).toBe(Object.prototype);
    expect(Object.hasOwn(page!, '__proto__')).toBe(true);
  });

  it('turns faults and what is not XML-RPC into connector errors', () => {
    const fault = (code: number, text: string) =>
      `<methodResponse><fault><value><struct><member><name>faultCode</name><value><int>${code}</int></value></member><member><name>faultString</name><value><string>${text}</string></value></member></struct></value></fault></methodResponse>`;
    expect(() => decodeMethodResponse(fault(-32605, 'XML-RPC server not enabled.'), 'm')).toThrow(
      expect.objectContaining({
        code: 'INTEGRATION_REMOTE_ERROR',
        detail: expect.stringMatching(/remote API is disabled/),
      }),
    );
    expect(() => decodeMethodResponse(fault(-32604, 'server error. not authorized to call method'), 'm')).toThrow(
      expect.objectContaining({ code: 'INTEGRATION_AUTH_FAILED' }),
    );
    expect(() => decodeMethodResponse(fault(121, 'The requested page does not exist'), 'm')).toThrow(
      expect.objectContaining({ code: 'INTEGRATION_REMOTE_NOT_FOUND' }),
    );
    expect(() => decodeMethodResponse('<html><body>Welcome</body></html>', 'm')).toThrow(
      expect.objectContaining({ code: 'INTEGRATION_REMOTE_ERROR', detail: expect.stringMatching(/not an XML-RPC/) }),
    );
    expect(() =>
      decodeMethodResponse('<!DOCTYPE x [<!ENTITY a "aaaa">]><methodResponse></methodResponse>', 'm'),
    ).toThrow(ConnectorError);
  });
});

/** An Outbound whose fetch answers from `answer` and records the calls. */
function stubOutbound(answer: (method: string, body: string, cookie: string | null) => Response) {
  const calls: { method: string; cookie: string | null }[] = [];
  const outbound = {
    checkUrl: () => undefined,
    fetch: (async (_url: string, init: RequestInit) => {
      const body = String(init.body);
      const method = /<methodName>(.*?)<\/methodName>/.exec(body)?.[1] ?? '';
      const cookie = (init.headers as Record<string, string>).cookie ?? null;
      calls.push({ method, cookie });
      return answer(method, body, cookie);
    }) as unknown as typeof fetch,
  } as unknown as Outbound;
  return { outbound, calls };
}

const xmlValue = (value: string) =>
  `<?xml version="1.0"?>\n<methodResponse><params><param><value>${value}</value></param></params></methodResponse>`;
const emptyStruct = xmlValue('<struct>\n</struct>');
const settings = { url: 'https://wiki.example.com/', username: 'alice', namespace: 'policies' };

describe('createDokuwikiConnector', () => {
  it('signs in once and sends the cookies DokuWiki set', async () => {
    const { outbound, calls } = stubOutbound((method) => {
      if (method === 'dokuwiki.login') {
        return new Response(xmlValue('<boolean>1</boolean>'), {
          headers: [
            ['set-cookie', 'DokuWiki=session1; path=/; HttpOnly'],
            ['set-cookie', 'DWabc=YWxpY2U%7C0%7Cx; path=/; HttpOnly'],
          ],
        });
      }
      return new Response(
        xmlValue(
          '<array><data><value><struct><member><name>id</name><value><string>policies:aml:kyc</string></value></member><member><name>rev</name><value><int>100</int></value></member><member><name>size</name><value><int>42</int></value></member><member><name>hash</name><value><string>abc</string></value></member></struct></value>' +
            '<value><struct><member><name>id</name><value><string>policiesx:other</string></value></member></struct></value></data></array>',
        ),
      );
    });
    const connector = createDokuwikiConnector(settings, 'pw', outbound);
    expect(connector.describe()).toBe('wiki.example.com/policies');
    await connector.check();
    expect(await connector.list(10)).toEqual([
      { path: 'aml/kyc.html', version: '100-abc', size: 42, contentType: 'text/html' },
    ]);
    expect(calls).toEqual([
      { method: 'dokuwiki.login', cookie: null },
      { method: 'dokuwiki.getPagelist', cookie: 'DokuWiki=session1; DWabc=YWxpY2U%7C0%7Cx' },
      { method: 'dokuwiki.getPagelist', cookie: 'DokuWiki=session1; DWabc=YWxpY2U%7C0%7Cx' },
    ]);
  });

  it('maps a refused login, a 403, a disabled API, a missing endpoint and a silent refusal', async () => {
    const failing = (answer: (method: string) => Response) =>
      createDokuwikiConnector(settings, 'pw', stubOutbound(answer).outbound);
    const signedIn = () =>
      new Response(xmlValue('<boolean>1</boolean>'), { headers: { 'set-cookie': 'DokuWiki=s; path=/' } });

    await expect(failing(() => new Response(xmlValue('<boolean>0</boolean>'))).check()).rejects.toMatchObject({
      code: 'INTEGRATION_AUTH_FAILED',
    });
    await expect(
      failing((method) => (method === 'dokuwiki.login' ? signedIn() : new Response(emptyStruct, { status: 403 }))).list(
        5,
      ),
    ).rejects.toMatchObject({ code: 'INTEGRATION_AUTH_FAILED', detail: expect.stringMatching(/remoteuser/) });
    await expect(
      failing(
        () =>
          new Response(
            '<?xml version="1.0"?><methodResponse><fault><value><struct><member><name>faultCode</name><value><int>-32605</int></value></member><member><name>faultString</name><value><string>XML-RPC server not enabled.</string></value></member></struct></value></fault></methodResponse>',
          ),
      ).check(),
    ).rejects.toMatchObject({
      code: 'INTEGRATION_REMOTE_ERROR',
      detail: expect.stringMatching(/remote API is disabled/),
    });
    await expect(failing(() => new Response('Not Found', { status: 404 })).check()).rejects.toMatchObject({
      code: 'INTEGRATION_REMOTE_NOT_FOUND',
    });
    await expect(
      failing((method) => (method === 'dokuwiki.login' ? signedIn() : new Response(emptyStruct))).write(
        'a.md',
        'text',
        'text/markdown',
      ),
    ).rejects.toMatchObject({ code: 'INTEGRATION_REMOTE_ERROR', detail: expect.stringMatching(/without saying why/) });
  });

  it('signs in again once when the session has expired', async () => {
    let session = 0;
    const { outbound, calls } = stubOutbound((method, _body, cookie) => {
      if (method === 'dokuwiki.login') {
        session += 1;
        return new Response(xmlValue('<boolean>1</boolean>'), { headers: { 'set-cookie': `DokuWiki=s${session}` } });
      }
      if (cookie === 'DokuWiki=s1') return new Response(emptyStruct, { status: 401 });
      return new Response(xmlValue('<boolean>1</boolean>'));
    });
    await createDokuwikiConnector(settings, 'pw', outbound).write('Answers/A b.md', '# A', 'text/markdown');
    expect(calls.map((call) => call.method)).toEqual([
      'dokuwiki.login',
      'wiki.putPage',
      'dokuwiki.login',
      'wiki.putPage',
    ]);
  });

  it('refuses an answer larger than the limit while reading it', async () => {
    const { outbound } = stubOutbound((method) =>
      method === 'dokuwiki.login'
        ? new Response(xmlValue('<int>0</int>'))
        : new Response(xmlValue(`<string>${'&lt;p&gt;x&lt;/p&gt;'.repeat(2000)}</string>`)),
    );
    const connector = createDokuwikiConnector(settings, 'pw', outbound);
    await expect(connector.read('big.html', 1000)).rejects.toMatchObject({
      code: 'INTEGRATION_REMOTE_ERROR',
      detail: 'larger than 1000 bytes',
    });
  });
});
