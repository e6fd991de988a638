import type { InputHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

export interface SliderProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "onChange" | "value"> {
  value: number;
  onValueChange: (value: number) => void;
}

/** A native range input (keyboard and screen-reader support for free), themed. */
export function Slider({ value, onValueChange, className, ...props }: SliderProps) {
  return (
    <input
      type="range"
      value={value}
      onChange={(event) => onValueChange(Number(event.currentTarget.value))}
      className={cn("h-11 w-full cursor-pointer accent-accent disabled:cursor-not-allowed disabled:opacity-50", className)}
      {...props}
    />
  );
}
