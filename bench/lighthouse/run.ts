/**
 * Lighthouse (mobile) on the production build: home, a post's page, trends, a hashtag's page and a profile, each
 * run RUNS times on the system Chromium. Prints the scores and writes them to bench/results/lighthouse-<date>.md.
 *
 *   npm run bench:lighthouse
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result as LighthouseResult } from 'lighthouse';
import { repoRoot, startDemoServer } from '../processes';
import { markdownTable } from '../report';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const TARGET = 98;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];

interface PageScores {
  name: string;
  path: string;
  /** Median of the runs, 0-100. */
  scores: Record<Category, number>;
  /** Performance of every run, for the spread. */
  performanceRuns: number[];
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number };
  /** Audits that cost points in the median run. */
  findings: string[];
}

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function findingsOf(lhr: LighthouseResult): string[] {
  const found: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
      found.push(`${category}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    }
  }
  // What moved and what painted last, so a low score points at its cause.
  const shifts = lhr.audits['layout-shifts']?.details;
  if (shifts?.type === 'table') {
    for (const item of shifts.items.slice(0, 3)) {
      const node = item.node as { snippet?: string } | undefined;
      found.push(
        `layout shift ${Number(item.score).toFixed(3)}: ${node?.snippet?.slice(0, 120) ?? 'unknown'}`,
      );
    }
  }
  // Lighthouse 13 names the element in its LCP breakdown (a node among the list's items); older ones in a table.
  const lcp = (lhr.audits['lcp-breakdown-insight'] ?? lhr.audits['largest-contentful-paint-element'])
    ?.details;
  if (lcp?.type === 'list') {
    for (const item of lcp.items) {
      const node = (item.type === 'table' ? item.items[0]?.node : item) as
        { type?: string; snippet?: string; nodeLabel?: string } | undefined;
      if (node?.type !== 'node' || !node.snippet) continue;
      found.push(
        `largest paint: ${node.snippet.slice(0, 120)}${node.nodeLabel ? ` («${node.nodeLabel.slice(0, 60)}»)` : ''}`,
      );
      break;
    }
  }
  return found;
}

interface FeedPost {
  id: number;
  user: { userId: string | null };
  hashtags: { hashtag: { name: string } }[];
}

/**
 * The pages a visitor opens from the home feed: its first post, the hashtag of its first post that has one, and
 * the author of its first post that is not anonymous.
 */
async function feedPaths(baseUrl: string): Promise<{ post: string; hashtag: string; profile: string }> {
  const response = await fetch(`${baseUrl}/api/posts/paginated?pageSize=20`);
  const body = (await response.json()) as { items?: FeedPost[] };
  const items = body.items ?? [];
  const post = items[0];
  const tagged = items.find((item) => item.hashtags.length > 0);
  const signed = items.find((item) => item.user.userId !== null);
  if (!post || !tagged || !signed) throw new Error(`No posts to open: ${JSON.stringify(body).slice(0, 300)}`);
  return {
    post: `/posts/${post.id}`,
    hashtag: `/wasm/${encodeURIComponent(tagged.hashtags[0]!.hashtag.name)}`,
    profile: `/profile/${signed.user.userId}`,
  };
}

/** Runs that end in a runtime error (Chrome now and then records no navigation start) are run again. */
const ATTEMPTS = 3;

async function audit(url: string, port: number): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    if (attempt === ATTEMPTS) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    console.log(`  ${url}: ${result.lhr.runtimeError.code}, running again`);
  }
}

async function main() {
  console.log('Building the web app…');
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'ignore' });
  const server = await startDemoServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const paths = await feedPaths(server.url);
    const pages = [
      { name: 'Home', path: '/' },
      { name: 'Post detail', path: paths.post },
      { name: 'Trends', path: '/trends' },
      { name: 'Hashtag', path: paths.hashtag },
      { name: 'Profile', path: paths.profile },
    ];
    // One unmeasured load warms the server's caches and the disk, as a returning visitor would find them.
    await audit(`${server.url}/`, chrome.port);
    const results: PageScores[] = [];
    for (const page of pages) {
      const runs: LighthouseResult[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await audit(`${server.url}${page.path}`, chrome.port));
      const perf = (lhr: LighthouseResult) => Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const performanceRuns = runs.map(perf);
      const middle = runs.find((lhr) => perf(lhr) === median(performanceRuns))!;
      const numeric = (id: string) => middle.audits[id]?.numericValue ?? Number.NaN;
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => [
          category,
          median(runs.map((lhr) => Math.round((lhr.categories[category]?.score ?? 0) * 100))),
        ]),
      ) as Record<Category, number>;
      results.push({
        ...page,
        scores,
        performanceRuns,
        metrics: {
          fcpMs: numeric('first-contentful-paint'),
          lcpMs: numeric('largest-contentful-paint'),
          tbtMs: numeric('total-blocking-time'),
          cls: numeric('cumulative-layout-shift'),
        },
        findings: findingsOf(middle),
      });
      console.log(`${page.name}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}`);
    }
    writeReport(results, chrome);
    const failed = results.filter((page) => CATEGORIES.some((category) => page.scores[category] < TARGET));
    if (failed.length > 0) {
      console.log(`Below ${TARGET}: ${failed.map((page) => page.name).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
}

function writeReport(results: PageScores[], chrome: chromeLauncher.LaunchedChrome) {
  const version = execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'])
    .toString()
    .trim();
  const date = new Date().toISOString().slice(0, 10);
  const table = markdownTable(
    [
      'Page',
      'Performance',
      'Accessibility',
      'Best practices',
      'Performance runs',
      'FCP',
      'LCP',
      'TBT',
      'CLS',
    ],
    results.map((page) => [
      page.name,
      String(page.scores.performance),
      String(page.scores.accessibility),
      String(page.scores['best-practices']),
      page.performanceRuns.join(', '),
      `${Math.round(page.metrics.fcpMs)} ms`,
      `${Math.round(page.metrics.lcpMs)} ms`,
      `${Math.round(page.metrics.tbtMs)} ms`,
      page.metrics.cls.toFixed(3),
    ]),
  );
  const findings = results
    .map((page) =>
      page.findings.length === 0
        ? `- ${page.name}: none`
        : `- ${page.name}:\n${page.findings.map((item) => `  - ${item}`).join('\n')}`,
    )
    .join('\n');
  const text = `# Lighthouse, ${date}

Lighthouse ${lighthouseVersion()} with its default mobile profile (simulated slow 4G, 4× CPU slowdown, Moto G
Power screen) on ${version} (headless, port ${chrome.port}), ${os.cpus().length} cores. The production build is
served by the app in production mode on the embedded database with the demo content (what \`npm start\`
runs). Each page was audited ${RUNS} times after one warm-up load; the table shows the median. Target: at
least ${TARGET} in each category.

${table}

Audits that cost points (score below 0.9, median run):

${findings}
`;
  const dir = path.join(repoRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `lighthouse-${date}.md`);
  writeFileSync(file, text);
  console.log(`\n${table}\n\nWritten to ${path.relative(repoRoot, file)}`);
}

function lighthouseVersion(): string {
  return execFileSync(process.execPath, ['-p', "require('lighthouse/package.json').version"], {
    cwd: repoRoot,
  })
    .toString()
    .trim();
}

await main();
