/**
 * Which of the dropped or picked files join the upload: allowed types only (SPEC §5, checked by
 * extension here; the server checks the content), no file twice, at most MAX_FILE_COUNT (SPEC §9).
 */
import { nanoid } from '@reduxjs/toolkit';
import { MAX_FILE_COUNT } from '@contract/constants';
import { isAllowedUploadName } from '@contract/knowledge';
import type { FileToUpload } from './upload-slice';

interface SelectionResult {
  selected: FileToUpload[];
  /** Names refused for their type. */
  wrongType: string[];
  /** Allowed files left out because the list was full. */
  overLimit: number;
}

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

export function addToSelection(
  current: FileToUpload[],
  incoming: readonly File[],
  max: number = MAX_FILE_COUNT,
): SelectionResult {
  const selected = [...current];
  const wrongType: string[] = [];
  let overLimit = 0;
  for (const file of incoming) {
    if (!isAllowedUploadName(file.name)) wrongType.push(file.name);
    else if (selected.some((s) => sameFile(s.file, file))) continue;
    else if (selected.length >= max) overLimit += 1;
    else selected.push({ id: nanoid(), file });
  }
  return { selected, wrongType, overLimit };
}
