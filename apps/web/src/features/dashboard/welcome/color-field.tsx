import { useId } from "react";
import { cn } from "../../../lib/cn";
import { controlBaseClass } from "../shared/form-controls";
import { colorPresets, pickerColor } from "./welcome-rules";

interface ColorFieldProps {
  value: string;
  error?: string;
  onChange: (color: string) => void;
}

/** The embed colour: free text, a picker, or one of the eight presets (spec §5). */
export function ColorField({ value, error, onChange }: ColorFieldProps) {
  const id = useId();
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="text-sm font-medium text-stone-200">
        Colour
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="color"
          aria-label="Pick a colour"
          value={pickerColor(value)}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          className="h-10 w-12 cursor-pointer rounded-lg border border-white/10 bg-ink-950 p-1"
        />
        <input
          id={id}
          className={cn(controlBaseClass, "h-10 w-28 font-mono uppercase")}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <fieldset className="flex flex-wrap gap-1.5">
          <legend className="sr-only">Colour presets</legend>
          {colorPresets.map((preset) => (
            <button
              key={preset.color}
              type="button"
              title={`${preset.name} ${preset.color}`}
              aria-label={`${preset.name} ${preset.color}`}
              aria-pressed={value.toUpperCase() === preset.color}
              onClick={() => onChange(preset.color)}
              className="size-7 rounded-md border border-white/20 aria-pressed:ring-2 aria-pressed:ring-ember-300 aria-pressed:ring-offset-2 aria-pressed:ring-offset-ink-900"
              style={{ backgroundColor: preset.color }}
            />
          ))}
        </fieldset>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
