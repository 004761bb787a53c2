"use client";

import Link from "next/link";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCredits, formatNumber } from "@/components/ui/format";
import { ChartCard } from "./chart-card";
import { DataTable } from "./data-table";
import { shortDay, type ChatUsage, type DayCredits, type DayTokens, type ModelUsage } from "./usage-data";

/**
 * The Usage page's four charts (Recharts), each with its table. Colours are the theme's CSS variables
 * (--chart-1…3, --border, --muted-foreground, --card), so light and dark both work.
 */

/**
 * The size charts draw at before (or without) being measured: jsdom, the first paint. Value axes are `width="auto"`:
 * Recharts measures the formatted tick labels ("0.0165", "12.5K"), so no fixed width clips a long one.
 */
const SIZE = { width: 400, height: 224 };

const axis = {
  tick: { fill: "var(--muted-foreground)", fontSize: 12 },
  axisLine: { stroke: "var(--border)" },
  tickLine: false,
} as const;

const tooltip = {
  contentStyle: {
    background: "var(--card)",
    border: "1px solid var(--border)",
    borderRadius: 6,
    color: "var(--foreground)",
    fontSize: 12,
  },
  labelStyle: { color: "var(--foreground)" },
  itemStyle: { color: "var(--foreground)" },
  cursor: { fill: "var(--muted)" },
} as const;

const grid = <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />;
/** In series order, labels in the page's text colour (Recharts colours them like their series by default). */
const legend = (
  <Legend
    itemSorter={null}
    wrapperStyle={{ fontSize: 12 }}
    formatter={(value: string) => <span style={{ color: "var(--muted-foreground)" }}>{value}</span>}
  />
);

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const compactNumber = (n: number) => compact.format(n);

export function CreditsPerDayChart({ data }: { data: DayCredits[] }) {
  return (
    <ChartCard
      title="Credits per day"
      description="UTC days"
      testId="chart-credits"
      chart={
        <ResponsiveContainer width="100%" height="100%" initialDimension={SIZE}>
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
            {grid}
            <XAxis dataKey="date" tickFormatter={shortDay} minTickGap={16} {...axis} />
            <YAxis width="auto" tickFormatter={(v: number) => formatCredits(v)} {...axis} />
            <Tooltip
              {...tooltip}
              labelFormatter={(d) => shortDay(String(d))}
              formatter={(v) => [formatCredits(Number(v)), "Credits"]}
            />
            <Bar dataKey="credits" name="Credits" fill="var(--chart-1)" radius={[3, 3, 0, 0]} maxBarSize={32} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption="Credits per day"
          rows={data.filter((d) => d.credits > 0)}
          rowKey={(d) => d.date}
          columns={[
            { header: "Day (UTC)", cell: (d) => d.date },
            { header: "Credits", cell: (d) => formatCredits(d.credits), numeric: true },
          ]}
        />
      }
    />
  );
}

export function TokensPerDayChart({ data }: { data: DayTokens[] }) {
  return (
    <ChartCard
      title="Tokens per day"
      description="Input, cached input (cache reads and writes) and output"
      testId="chart-tokens"
      chart={
        <ResponsiveContainer width="100%" height="100%" initialDimension={SIZE}>
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
            {grid}
            <XAxis dataKey="date" tickFormatter={shortDay} minTickGap={16} {...axis} />
            <YAxis width="auto" tickFormatter={compactNumber} {...axis} />
            <Tooltip
              {...tooltip}
              labelFormatter={(d) => shortDay(String(d))}
              formatter={(v) => formatNumber(Number(v))}
            />
            {legend}
            <Bar dataKey="input" name="Input" stackId="tokens" fill="var(--chart-2)" maxBarSize={32} />
            <Bar dataKey="cached" name="Cached input" stackId="tokens" fill="var(--chart-3)" maxBarSize={32} />
            <Bar
              dataKey="output"
              name="Output"
              stackId="tokens"
              fill="var(--chart-1)"
              radius={[3, 3, 0, 0]}
              maxBarSize={32}
            />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption="Tokens per day"
          rows={data.filter((d) => d.input + d.cached + d.output > 0)}
          rowKey={(d) => d.date}
          columns={[
            { header: "Day (UTC)", cell: (d) => d.date },
            { header: "Input", cell: (d) => formatNumber(d.input), numeric: true },
            { header: "Cached input", cell: (d) => formatNumber(d.cached), numeric: true },
            { header: "Output", cell: (d) => formatNumber(d.output), numeric: true },
          ]}
        />
      }
    />
  );
}

/** Horizontal bars of credits by a label (models, chats). */
function CreditsBars({ data }: { data: Array<{ label: string; credits: number }> }) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={SIZE}>
      <BarChart
        accessibilityLayer={false}
        data={data}
        layout="vertical"
        margin={{ top: 4, right: 12, bottom: 0, left: 0 }}
      >
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" tickFormatter={(v: number) => formatCredits(v)} {...axis} />
        <YAxis
          type="category"
          dataKey="label"
          width={140}
          tickFormatter={(v: string) => (v.length > 20 ? `${v.slice(0, 19)}…` : v)}
          {...axis}
        />
        <Tooltip {...tooltip} formatter={(v) => [formatCredits(Number(v)), "Credits"]} />
        <Bar dataKey="credits" name="Credits" fill="var(--chart-1)" radius={[0, 3, 3, 0]} maxBarSize={28} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function ModelsChart({ data }: { data: ModelUsage[] }) {
  return (
    <ChartCard
      title="By model"
      testId="chart-models"
      chart={<CreditsBars data={data.map((m) => ({ label: m.model, credits: m.credits }))} />}
      table={
        <DataTable
          caption="Usage by model"
          rows={data}
          rowKey={(m) => m.model}
          columns={[
            { header: "Model", cell: (m) => <span className="font-mono text-xs">{m.model}</span> },
            { header: "Messages", cell: (m) => formatNumber(m.events), numeric: true },
            { header: "Tokens", cell: (m) => formatNumber(m.tokens), numeric: true },
            { header: "Credits", cell: (m) => formatCredits(m.credits), numeric: true },
          ]}
        />
      }
    />
  );
}

export function TopChatsChart({ data }: { data: ChatUsage[] }) {
  return (
    <ChartCard
      title="Top chats by credits"
      testId="chart-top-chats"
      chart={<CreditsBars data={data.map((c) => ({ label: c.title, credits: c.credits }))} />}
      table={
        <DataTable
          caption="Top chats by credits"
          rows={data}
          rowKey={(c) => c.chatId}
          columns={[
            {
              header: "Chat",
              cell: (c) => (
                <Link href={`/chats/${encodeURIComponent(c.chatId)}`} className="hover:underline">
                  {c.title}
                </Link>
              ),
            },
            { header: "Messages", cell: (c) => formatNumber(c.events), numeric: true },
            { header: "Tokens", cell: (c) => formatNumber(c.tokens), numeric: true },
            { header: "Credits", cell: (c) => formatCredits(c.credits), numeric: true },
          ]}
        />
      }
    />
  );
}
