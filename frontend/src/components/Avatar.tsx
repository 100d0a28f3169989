import './Avatar.css';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The name's first whole character (an emoji or an accented letter, not half of one), upper-cased. */
const initialOf = (name: string): string => {
  const [first] = graphemes.segment(name.trim());
  return first ? first.segment.toUpperCase() : '?';
};

/** A person's initial; decoration beside their written name, so hidden from assistive technology. */
export function Avatar({ name }: { name: string }) {
  return (
    <span className="avatar" aria-hidden="true">
      {initialOf(name)}
    </span>
  );
}
