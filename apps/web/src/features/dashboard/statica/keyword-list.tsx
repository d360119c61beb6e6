import { staticaLimits } from "@hearth/core";
import { useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { Field, inputClass } from "../shared/form-controls";
import { addKeyword } from "./rules";

interface KeywordListProps {
  keywords: readonly string[];
  caseSensitive: boolean;
  onChange: (keywords: string[]) => void;
}

/** Status keywords: added trimmed with Enter or Add; blanks and repeats are not added (spec §5). */
export function KeywordList({ keywords, caseSensitive, onChange }: KeywordListProps) {
  const [keyword, setKeyword] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    const result = addKeyword(keywords, keyword, caseSensitive);
    setProblem(result.problem);
    if (!result.problem) {
      onChange(result.keywords);
      setKeyword("");
    }
  };

  return (
    <>
      <Field
        label="Add a keyword"
        error={problem}
        aside={`${keywords.length}/${staticaLimits.keywords}`}
        hint="Press Enter to add. Blanks and repeats are not added."
      >
        {(control) => (
          <div className="flex gap-2">
            <input
              {...control}
              className={inputClass}
              value={keyword}
              maxLength={staticaLimits.keywordLength}
              placeholder="e.g. .gg/yourserver"
              onChange={(event) => {
                setKeyword(event.target.value);
                setProblem(null);
              }}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  add();
                }
              }}
            />
            <button type="button" className={buttonClass("secondary")} onClick={add}>
              Add
            </button>
          </div>
        )}
      </Field>
      {keywords.length > 0 && (
        <ul aria-label="Keywords" className="flex flex-wrap gap-2">
          {keywords.map((word) => (
            <li
              key={word}
              className="inline-flex items-center gap-1 rounded-full border border-white/10 bg-white/5 py-1 pr-1 pl-3 text-sm text-stone-100"
            >
              {word}
              <button
                type="button"
                aria-label={`Remove keyword ${word}`}
                onClick={() => onChange(keywords.filter((existing) => existing !== word))}
                className="flex size-5 items-center justify-center rounded-full text-stone-400 hover:bg-white/10 hover:text-stone-50"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
