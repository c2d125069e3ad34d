// Where an exported file went, in the words a teacher uses for it: the file's name and the name of
// its folder ("Verbes.html in Documents"), never the whole path (which stays for a tooltip).
import * as path from 'node:path';

export interface SavedPlace {
  /** The file's name. */
  name: string;
  /** The folder's name; undefined for the home folder, which has no name a teacher knows. */
  folder: string | undefined;
}

/** `paths` is the platform's path module (path.win32 for C:\Users\..., path.posix for /home/...). */
export function savedPlace(file: string, home: string, paths: path.PlatformPath = path): SavedPlace {
  const dir = paths.dirname(file);
  const name = paths.basename(file);
  if (paths.relative(home, dir) === '') return { name, folder: undefined };
  // A drive or the root has no name of its own: say it as it is written ("C:\", "/").
  return { name, folder: paths.basename(dir) || dir };
}
