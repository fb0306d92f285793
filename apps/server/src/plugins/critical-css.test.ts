import { describe, expect, it } from 'vitest';
import { classesIn, classesNeeded, CriticalCss } from './critical-css';

describe('the class names a selector needs', () => {
  it('reads escaped Tailwind names as the classes the markup carries', () => {
    expect(classesNeeded('.md\\:flex')).toEqual(['md:flex']);
    expect(classesNeeded('.hover\\:bg-slate-100:hover')).toEqual(['hover:bg-slate-100']);
    expect(classesNeeded('.w-1\\/2')).toEqual(['w-1/2']);
    expect(classesNeeded('.\\[\\&\\>svg\\]\\:size-4>svg')).toEqual(['[&>svg]:size-4']);
    expect(classesNeeded('.\\31 0')).toEqual(['10']);
    expect(classesNeeded('.group:hover .group-hover\\:underline')).toEqual([
      'group',
      'group-hover:underline',
    ]);
  });

  it('counts what :where() and :is() of one selector hold, and nothing a page may lack', () => {
    expect(classesNeeded(':where(.space-y-2>:not(:last-child))')).toEqual(['space-y-2']);
    expect(classesNeeded('.a:not(.b)')).toEqual(['a']);
    expect(classesNeeded('.a:has(.b)')).toEqual(['a']);
    expect(classesNeeded('.dark\\:bg-x:where([data-theme=dark],[data-theme=dark] *)')).toEqual(['dark:bg-x']);
    expect(classesNeeded(':is(.a,.b) .c')).toEqual(['c']);
    expect(classesNeeded('a[href$=".pdf"]')).toEqual([]);
    expect(classesNeeded(':root,:host')).toEqual([]);
  });
});

describe('the class names in markup', () => {
  it('reads every class attribute, entities decoded', () => {
    const html =
      '<div class="flex md:flex"><svg class="lucide size-4"></svg><p class="[&amp;&gt;svg]:size-4  w-1/2">x</p></div>';
    expect([...classesIn(html)].sort()).toEqual([
      '[&>svg]:size-4',
      'flex',
      'lucide',
      'md:flex',
      'size-4',
      'w-1/2',
    ]);
  });
});

describe('the styles a page carries', () => {
  const css = [
    '@font-face{font-family:Plex;src:url(/a.woff2)}',
    '@layer theme{:root{--color:red}}',
    '@layer base{*,:after{box-sizing:border-box}a{color:inherit}}',
    '@layer utilities{.flex{display:flex}.grid{display:grid}.a,.b{color:blue}',
    '@media (min-width:40rem){.md\\:flex{display:flex}.md\\:grid{display:grid}}',
    '@supports (color:lab(0 0 0)){.text-x{color:lab(50 0 0)}}',
    '.dark\\:bg-x:where([data-theme=dark],[data-theme=dark] *){background:#000}}',
    '@keyframes pop{0%{opacity:0}to{opacity:1}}',
  ].join('');
  const critical = CriticalCss.parse(css)!;

  it('keeps what its markup uses and what matches no class, and drops empty groups', () => {
    const styles = critical.for('<div class="flex md:flex b dark:bg-x"></div>');
    expect(styles).toBe(
      [
        '@font-face{font-family:Plex;src:url(/a.woff2)}',
        '@layer theme{:root{--color:red}}',
        '@layer base{*,:after{box-sizing:border-box}a{color:inherit}}',
        '@layer utilities{.flex{display:flex}.a,.b{color:blue}',
        '@media (min-width:40rem){.md\\:flex{display:flex}}',
        '.dark\\:bg-x:where([data-theme=dark],[data-theme=dark] *){background:#000}}',
        '@keyframes pop{0%{opacity:0}to{opacity:1}}',
      ].join(''),
    );
  });

  it('is the whole stylesheet for markup that uses all of it', () => {
    expect(critical.for('<i class="flex grid a md:flex md:grid text-x dark:bg-x"></i>')).toBe(css);
  });
});
