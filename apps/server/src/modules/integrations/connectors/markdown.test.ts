import { describe, expect, it } from 'vitest';
import { markdownToWikitext, markdownToXhtml } from './markdown.ts';
import { markdownToBlocks } from './notion.ts';

describe('markdownToWikitext', () => {
  const convert = (markdown: string) => markdownToWikitext(markdown).trimEnd();

  it('writes headings one level down (MediaWiki’s = is the page title), emphasis, links and rules', () => {
    expect(convert('# One\n\n## Two\n\n###### Six')).toBe('== One ==\n\n=== Two ===\n\n====== Six ======');
    expect(convert('**bold**, *it*, ~~gone~~, `code` and [FATF](https://www.fatf-gafi.org/)')).toBe(
      "'''bold''', ''it'', <s>gone</s>, <code>code</code> and [https://www.fatf-gafi.org/ FATF]",
    );
    expect(convert('---')).toBe('----');
  });

  it('keeps wiki markup in the text literal, and a line from starting a list, heading or indent', () => {
    expect(convert("[[Main Page]] {{Template}} ''x'' ~~~~ \\_\\_NOTOC\\_\\_ <b>")).toBe(
      '&#91;&#91;Main Page&#93;&#93; &#123;&#123;Template&#125;&#125; &#39;&#39;x&#39;&#39; &#126;&#126;&#126;&#126; &#95;&#95;NOTOC&#95;&#95; &#60;b&#62;',
    );
    expect(convert('\\# not a heading')).toBe('&#35; not a heading');
    expect(convert('\\= not a heading =')).toBe('&#61; not a heading =');
    expect(convert('a\\: b')).toBe('a: b');
  });

  it('writes nested and ordered lists, quotes, code and tables', () => {
    expect(convert('- one\n  - nested\n- two\n\n1. first\n2. second')).toBe(
      '* one\n** nested\n* two\n\n# first\n# second',
    );
    expect(convert('> quoted **text**')).toBe("<blockquote>\nquoted '''text'''\n</blockquote>");
    expect(convert('```\na < b\n```')).toBe('<pre>a &lt; b</pre>');
    expect(convert('| a | b |\n|---|---|\n| 1 | 2 |')).toBe('{| class="wikitable"\n|-\n! a\n! b\n|-\n| 1\n| 2\n|}');
  });
});

describe('markdownToXhtml (Confluence storage format)', () => {
  it('writes well-formed XHTML and keeps raw HTML as text', () => {
    expect(markdownToXhtml('# T\n\nA & B <script>x</script>\n\n- a\n- b\n\n---')).toBe(
      '<h1>T</h1><p>A &amp; B &lt;script&gt;x&lt;/script&gt;</p><ul><li>a</li><li>b</li></ul><hr />',
    );
    expect(markdownToXhtml('[x](javascript:alert(1)) [y](https://e.example/?a=1&b="2")')).toBe(
      '<p>x <a href="https://e.example/?a=1&amp;b=&quot;2&quot;">y</a></p>',
    );
  });
});

describe('markdownToBlocks (Notion)', () => {
  it('writes headings, rich text with links, nested lists, to-dos and splits text longer than 2000 characters', () => {
    const blocks = markdownToBlocks(
      `#### Deep\n\nSee **[FATF](https://www.fatf-gafi.org/)**\n\n- a\n  - b\n- [x] done\n\n${'x'.repeat(2500)}`,
    );
    expect(blocks.map((block) => block.type)).toEqual([
      'heading_3',
      'paragraph',
      'bulleted_list_item',
      'to_do',
      'paragraph',
    ]);
    expect(blocks[1]).toMatchObject({
      paragraph: {
        rich_text: [
          { text: { content: 'See ' } },
          { text: { content: 'FATF', link: { url: 'https://www.fatf-gafi.org/' } }, annotations: { bold: true } },
        ],
      },
    });
    expect(blocks[2]).toMatchObject({ bulleted_list_item: { children: [{ type: 'bulleted_list_item' }] } });
    expect(blocks[3]).toMatchObject({ to_do: { checked: true } });
    const long = (blocks[4] as unknown as { paragraph: { rich_text: { text: { content: string } }[] } }).paragraph
      .rich_text;
    expect(long.map((item) => item.text.content.length)).toEqual([2000, 500]);
  });
});
