"use client";

import type { LucideIcon } from "lucide-react";
import { cn } from "@/components/ui/cn";

export interface Choice<T extends string> {
  value: T;
  label: string;
  hint: string;
  icon?: LucideIcon;
}

/** A labelled radio group shown as cards (arrow keys move between them, as with any radio group). */
export function ChoiceGroup<T extends string>({
  name,
  legend,
  value,
  choices,
  onChange,
}: {
  name: string;
  legend: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="space-y-2" data-testid={`choice-${name}`}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {choices.map(({ value: v, label, hint, icon: Icon }) => (
          <label
            key={v}
            className={cn(
              "flex cursor-pointer flex-col gap-1 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/50",
              value === v ? "border-ring bg-muted" : "border-border hover:bg-muted",
            )}
          >
            <span className="flex items-center gap-2 font-medium">
              <input
                type="radio"
                name={name}
                value={v}
                checked={value === v}
                onChange={() => onChange(v)}
                className="accent-current"
              />
              {Icon ? <Icon className="size-4 text-muted-foreground" aria-hidden /> : null}
              {label}
            </span>
            <span className="text-xs text-muted-foreground">{hint}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
