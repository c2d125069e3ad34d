import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { savedPlace } from '../../../../src/core/chat/savedPlace';

describe('where an export went, in a teacher’s words', () => {
  it('names the file and its folder, not the path', () => {
    assert.deepEqual(savedPlace('/home/ana/Documents/Verbes.html', '/home/ana', path.posix), { name: 'Verbes.html', folder: 'Documents' });
    assert.deepEqual(savedPlace('C:\\Users\\Ana\\Documents\\Verbes.html', 'C:\\Users\\Ana', path.win32), { name: 'Verbes.html', folder: 'Documents' });
    assert.deepEqual(savedPlace('/srv/school/unit 3/notes.md', '/home/ana', path.posix), { name: 'notes.md', folder: 'unit 3' });
  });

  it('says the home folder has no name of its own, and a drive as it is written', () => {
    assert.deepEqual(savedPlace('/home/ana/Verbes.html', '/home/ana', path.posix), { name: 'Verbes.html', folder: undefined });
    assert.deepEqual(savedPlace('/home/ana/Verbes.html', '/home/ana/', path.posix), { name: 'Verbes.html', folder: undefined });
    assert.deepEqual(savedPlace('C:\\Users\\Ana\\Verbes.html', 'c:\\users\\ana', path.win32), { name: 'Verbes.html', folder: undefined });
    assert.deepEqual(savedPlace('D:\\Verbes.html', 'C:\\Users\\Ana', path.win32), { name: 'Verbes.html', folder: 'D:\\' });
  });
});
