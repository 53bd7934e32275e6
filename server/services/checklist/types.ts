/** The checklist extractor's inputs and outputs, shared by both engines. */
import type { ShipmentMode } from '../../../contract/sop';

/** A piece of an SOP's text as the ingestion pipeline extracted it. */
export interface SopSection {
  text: string;
  /** 1-based pdf page; null for docx (one flowing text). */
  page: number | null;
  /** The heading a docx paragraph sits under; pdf headings are found in the text. */
  heading: string | null;
  /** Line breaks end the source's lines (docx); a pdf's lines are wrapped and are not. */
  hardLines: boolean;
}

/** A run of SOP text under one heading: a paragraph or one numbered step. */
export interface Passage {
  /** p1, p2, … in reading order: what a model's item cites. */
  id: string;
  section: string;
  page: number | null;
  text: string;
  /** A numbered or bulleted step: a requirement whatever its wording. */
  step: boolean;
}

/** One requirement of an SOP, with where it stands and what it applies to. */
export interface Requirement {
  section: string;
  text: string;
  page: number | null;
  /** The SOP passage it stands on, word for word. */
  source: string;
  /** Modes it applies to; empty: every mode. */
  modes: ShipmentMode[];
  /** ISO codes of the countries it applies to (from or to); empty: every country. */
  countries: string[];
}
