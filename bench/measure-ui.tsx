import process from 'node:process';
import {report} from './statistics.js';

/*
Child process: the explorer's time to first frame and key-press-to-frame latency, rendered in-process with Ink.
Usage: node --import tsx bench/measure-ui.tsx DIRECTORY KEY_PRESSES
*/

const [directory = '.', keyPressesText = '40'] = process.argv.slice(2);
void directory;
void keyPressesText;
report({available: false});
