/**
 * The tuning half's table questions: Seattle's daily weather as a workbook whose dates are real
 * date cells (seattle-weather.xlsx, 2012-2015, temperatures in °C, precipitation in mm, wind in
 * m/s), asked with the day written the ways people write it, and Iowa's yearly net electricity
 * generation by source as the CSV vega-datasets ships (iowa-electricity.csv, one row per year
 * and source, the year written as its first day). `fact` is the cell's value as the file shows
 * it; each was checked to be the only cell of its column with that value.
 */
import type { Question } from './types';

const weather = 'seattle-weather.xlsx';
const electricity = 'iowa-electricity.csv';

export const TABLE_QUESTIONS: Question[] = [
  {
    query: 'How much rain fell in Seattle on 9 January 2013?',
    source: weather,
    fact: '38.4',
  },
  {
    query: 'What was the lowest temperature in Seattle on December 7, 2013?',
    source: weather,
    fact: '-7.1',
  },
  {
    query: 'How strong was the wind on 2012-12-17 in Seattle?',
    source: weather,
    fact: '9.5',
  },
  {
    query: 'What was the maximum temperature on 11 August 2014?',
    source: weather,
    fact: '35.6',
  },
  {
    query: 'What was the net generation from renewables in the 2010 row for Iowa?',
    source: electricity,
    fact: '10308',
  },
  {
    query: 'What was the net generation of nuclear energy in Iowa in 2012?',
    source: electricity,
    fact: '4347',
  },
];
