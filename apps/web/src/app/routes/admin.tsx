export default function Area() { return <p>admin</p>; }
